/** Account security constants (DESIGN §4); the access token's 15 minutes live in access-token.ts. */
export const AUTH_POLICY = {
  /** A refresh token is good for this long after it was issued (each rotation issues a new one)… */
  refreshTokenTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** …and never past its family's absolute end, counted from the sign-in. */
  refreshFamilyTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** Every this many consecutive failed sign-ins lock the account… */
  lockAfterFailures: 5,
  /** …for this long. */
  lockMs: 15 * 60 * 1000,
  verifyEmailTtlMs: 24 * 60 * 60 * 1000,
  resetPasswordTtlMs: 30 * 60 * 1000,
} as const;

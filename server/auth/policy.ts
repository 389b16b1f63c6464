/** Account security constants (DESIGN §4); the access token's 15 minutes live in access-token.ts. */
export const AUTH_POLICY = {
  /** A refresh token is good for this long after it was issued (each rotation issues a new one)… */
  refreshTokenTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** …and never past its family's absolute end, counted from the sign-in. */
  refreshFamilyTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** This many failed sign-ins to one account from one address keep that address out… (RATE_RULES.loginAccountIp) */
  lockAfterFailures: 5,
  /** …for at most this long (the account itself is not locked: issue 19, item 3). */
  lockMs: 15 * 60 * 1000,
  verifyEmailTtlMs: 24 * 60 * 60 * 1000,
  resetPasswordTtlMs: 30 * 60 * 1000,
} as const;

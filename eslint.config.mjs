import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

/**
 * The layers' boundaries (docs/decisions/012): domain code under server/ never imports the HTTP layer or app/;
 * components never import app/; lib/ imports only lib/. And a client component ("use client") takes nothing but
 * types from server/ and db/ (their modules hold secrets, the database and Node APIs), except the server actions
 * under server/actions/, which Next calls over the network. Outside db/, the enums come from lib/enums.
 */
const boundaries = {
  rules: {
    "client-imports": {
      meta: {
        type: "problem",
        schema: [],
        messages: { serverValue: "A client component imports only types from {{source}} (server actions live in server/actions/)." },
      },
      create(context) {
        let client = false;
        return {
          Program(program) {
            client = program.body.some((statement) => statement.type === "ExpressionStatement" && statement.directive === "use client");
          },
          ImportDeclaration(node) {
            const source = String(node.source.value);
            if (!client || !/^@\/(server|db)\//.test(source) || source.startsWith("@/server/actions/")) return;
            const typesOnly = node.importKind === "type" || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
            if (!typesOnly) context.report({ node, messageId: "serverValue", data: { source } });
          },
        };
      },
    },
  },
};
const restrict = (patterns) => ["error", { patterns: patterns.map(({ group, message }) => ({ group, message })) }];
const HTTP = { group: ["@/server/http/*", "../http/*"], message: "Domain code imports server/core, never server/http (ADR 012)." };
const APP = { group: ["@/app/*"], message: "Nothing imports app/: move what is shared into server/ or lib/." };
const COMPONENTS = { group: ["@/components/*"], message: "Only app/ and components/ import components/." };
const ENUMS = { group: ["@/db/schema/enums", "**/db/schema/enums"], message: "The enums are @/lib/enums (db/schema/enums only re-exports them for the schema)." };

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    plugins: { drizzle },
    rules: {
      // An update or delete without a where clause touches every row: never by accident.
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    ignores: ["db/**"],
    rules: { "no-restricted-imports": restrict([ENUMS]) },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/http/**", "server/main.ts", "**/*.test.ts"],
    rules: { "no-restricted-imports": restrict([HTTP, APP, COMPONENTS, ENUMS]) },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict([APP, ENUMS]) },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": restrict([
        APP,
        COMPONENTS,
        ENUMS,
        { group: ["@/server/*", "@/db/*"], message: "lib/ is shared with the browser: it imports neither server/ nor db/." },
      ]),
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { boundaries },
    rules: { "boundaries/client-imports": "error" },
  },
  globalIgnores([".next/**", "node_modules/**", "data/**", ".node/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "db/migrations/**"]),
]);

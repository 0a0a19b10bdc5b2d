// ESLint for the app, its tests and the browser journeys: `npm run lint`
// (part of `make verify`), zero warnings allowed.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports go one way, pages -> components -> api -> lib, never back; each
// layer is named by its "@/" path (relative imports would hide a layer).
const layers = ["lib", "api", "components", "pages"];
const relative = { group: ["./*", "../*"], message: 'Import with "@/", so the layer is visible.' };
const boundaries = layers.map((layer, i) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  ignores: ["src/**/*.test.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          relative,
          {
            group: [...layers.slice(i + 1).map((above) => `@/${above}/*`), "@/router", "@/main", "@/test/*"],
            message: `${layer} may import only ${layers.slice(0, i + 1).join(", ")}: imports go pages -> components -> api -> lib.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // public/ is served as it is: plain browser scripts
    files: ["public/**/*.js"],
    languageOptions: { globals: globals.browser, sourceType: "script" },
  },
  {
    // the service worker's source (the build fills in VERSION and PRECACHE)
    files: ["sw/**/*.js"],
    languageOptions: { globals: { ...globals.serviceworker, VERSION: "readonly", PRECACHE: "readonly" }, sourceType: "script" },
  },
  {
    files: ["e2e/**/*.ts", "scripts/**/*.mjs", "*.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  ...boundaries,
);

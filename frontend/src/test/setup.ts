import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// `make test` runs Vitest beside the Go tests on the same cores: there a
// lazy page's first render after a navigation took more than the default
// second to appear ("My Booking" after a payment), though it came.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

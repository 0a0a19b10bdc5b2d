// Runs before the first paint (a blocking script in <head>), so the page
// never flashes the wrong theme: the visitor's stored choice, else the
// system's. src/lib/theme.ts keeps it up to date afterwards.
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem("resale:theme");
  } catch {
    // storage blocked: follow the system
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.setAttribute("data-theme", theme === "dark" ? "resale-dark" : "resale");
})();

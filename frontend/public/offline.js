// The offline page's language: the visitor's saved choice (the app's
// resale:lang), else both English and Bangla. A file, not inline, for the
// Content-Security-Policy.
(function () {
  var lang = null;
  try {
    lang = localStorage.getItem("resale:lang");
  } catch {
    // storage blocked: show both
  }
  var root = document.documentElement;
  if (lang === "en" || lang === "bn") {
    root.setAttribute("lang", lang);
    root.setAttribute("data-lang", lang);
  }
})();

// Sets the theme before the first paint, so a dark-mode reader never sees a light flash.
// A file rather than an inline script: the Content-Security-Policy allows scripts from
// graph's own origin only. web/src/theme/theme.ts keeps the attribute in step afterwards.
(function () {
  var dark = false;
  try {
    var stored = window.localStorage.getItem("darkMode");
    if (stored === "true" || stored === "false") {
      dark = stored === "true";
    } else {
      dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    }
  } catch (e) {
    dark = false;
  }
  document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
  if (location.hostname === "localhost" || location.hostname === "127.0.0.1") {
    document.title = "graph (local)";
  }
})();

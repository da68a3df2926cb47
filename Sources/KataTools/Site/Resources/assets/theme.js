// Runs in <head>, before the page is drawn: applies the theme the reader chose, if any,
// so a dark page never flashes light. Without a choice the system setting decides (site.css).
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  try {
    var theme = localStorage.getItem("kata-theme");
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
  } catch (error) {
    // Storage can be off (private windows, some file:// settings); the system setting then rules.
  }
})();

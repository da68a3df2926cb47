// The site's only behaviour: theme toggle, copy buttons, the chapter menu on small screens,
// and search over the index that kata build-site wrote (assets/search-index.js).
// Everything works from file:// and without a network; the pages read fine without it too.
(function () {
  "use strict";
  var root = document.documentElement;

  // Every word the scripts show comes from assets/strings.js (the site's strings file), so a
  // translation of that file translates the scripts too.
  var strings = window.KATA_STRINGS || {};
  function say(key, values) {
    var text = strings[key] || key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }
  function sayCount(key, count) {
    return say(count === 1 && strings[key + "One"] ? key + "One" : key, { count: count });
  }

  // Theme: an explicit choice is stored; otherwise the system setting applies.
  var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function currentTheme() {
    var chosen = root.getAttribute("data-theme");
    if (chosen === "light" || chosen === "dark") return chosen;
    return darkQuery && darkQuery.matches ? "dark" : "light";
  }
  var toggle = document.querySelector(".theme-toggle");
  function showTheme() {
    if (!toggle) return;
    var dark = currentTheme() === "dark";
    toggle.setAttribute("aria-pressed", dark ? "true" : "false");
    toggle.title = say(dark ? "lightTheme" : "darkTheme");
  }
  if (toggle) {
    toggle.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem("kata-theme", next); } catch (error) { /* not stored: fine */ }
      showTheme();
    });
    if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", showTheme);
    showTheme();
  }

  // Copy buttons: shown only when the script runs, since they need it.
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      document.body.removeChild(area);
      if (copied) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("button.copy"), function (button) {
    button.hidden = false;
    button.setAttribute("aria-label", say("copyLabel"));
    button.addEventListener("click", function () {
      var code = button.closest(".code").querySelector("pre code");
      copyText(code.textContent).then(function () {
        button.textContent = say("copied");
      }, function () {
        button.textContent = say("copyFailed");
      });
      setTimeout(function () { button.textContent = say("copy"); }, 1600);
    });
  });

  // Chapter menu on narrow screens.
  var menu = document.querySelector(".menu-toggle");
  var sidebar = document.getElementById("sidebar");
  if (menu && sidebar) {
    menu.hidden = false;
    menu.addEventListener("click", function () {
      var open = menu.getAttribute("aria-expanded") !== "true";
      menu.setAttribute("aria-expanded", open ? "true" : "false");
      document.body.classList.toggle("menu-open", open);
    });
  }

  // Search.
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var entries = window.KATA_SEARCH_INDEX || [];
  var kindRank = { exercise: 0, chapter: 1, heading: 2, api: 3 };
  var kindLabel = {
    exercise: say("searchKindExercise"), chapter: say("searchKindChapter"), heading: say("searchKindHeading"),
    api: say("searchKindApi")
  };

  function score(entry, query) {
    var title = entry.title.toLowerCase();
    var words = query.split(/\s+/).filter(Boolean);
    var haystack = title + " " + entry.keywords.toLowerCase() + " " + entry.detail.toLowerCase();
    for (var i = 0; i < words.length; i++) {
      if (haystack.indexOf(words[i]) < 0) return -1;
    }
    if (title === query) return 0;
    if (title.indexOf(query) === 0) return 1;
    if (title.indexOf(query) > 0) return 2;
    if (entry.keywords.toLowerCase().indexOf(query) >= 0) return 2;
    return 3;
  }

  function search(query) {
    query = query.trim().toLowerCase();
    if (!query) return [];
    var found = [];
    for (var i = 0; i < entries.length; i++) {
      var s = score(entries[i], query);
      if (s >= 0) found.push({ entry: entries[i], score: s, order: i });
    }
    found.sort(function (a, b) {
      return a.score - b.score || kindRank[a.entry.kind] - kindRank[b.entry.kind] || a.order - b.order;
    });
    return found.slice(0, 12).map(function (item) { return item.entry; });
  }

  function render(found, query) {
    results.textContent = "";
    found.forEach(function (entry) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = entry.url;
      link.className = "search-result kind-" + entry.kind;
      var kind = document.createElement("span");
      kind.className = "result-kind";
      kind.textContent = kindLabel[entry.kind] || entry.kind;
      var title = document.createElement("span");
      title.className = "result-title";
      title.textContent = entry.title;
      var detail = document.createElement("span");
      detail.className = "result-detail";
      detail.textContent = entry.detail;
      link.appendChild(kind);
      link.appendChild(title);
      link.appendChild(detail);
      link.addEventListener("click", close);
      item.appendChild(link);
      results.appendChild(item);
    });
    results.hidden = query.trim() === "";
    if (query.trim() && !found.length) {
      var none = document.createElement("li");
      none.className = "search-empty";
      none.textContent = say("searchNothing", { query: query.trim() });
      results.appendChild(none);
    }
    status.textContent = query.trim() ? sayCount("searchResults", found.length) : "";
  }

  function close() {
    results.hidden = true;
  }

  if (input && results) {
    input.addEventListener("input", function () { render(search(input.value), input.value); });
    input.addEventListener("keydown", function (event) {
      var links = results.querySelectorAll("a");
      if (event.key === "ArrowDown" && links.length) {
        event.preventDefault();
        links[0].focus();
      } else if (event.key === "Enter" && links.length) {
        event.preventDefault();
        close();
        window.location.href = links[0].href;
      } else if (event.key === "Escape") {
        input.value = "";
        render([], "");
      }
    });
    results.addEventListener("keydown", function (event) {
      var links = Array.prototype.slice.call(results.querySelectorAll("a"));
      var index = links.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && index < links.length - 1) {
        event.preventDefault();
        links[index + 1].focus();
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        if (index > 0) { links[index - 1].focus(); } else { input.focus(); }
      } else if (event.key === "Escape") {
        close();
        input.focus();
      }
    });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable);
      if (event.key === "/" && !typing) {
        event.preventDefault();
        input.focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (!event.target.closest || !event.target.closest(".search")) close();
    });
  }
})();

// The site's behaviour: theme toggle, copy buttons, the chapter menu on small screens. Search is in
// search.js.
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
  // For search.js, which runs after this script.
  window.KataSite = { say: say, sayCount: sayCount };

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
  // What a copy did is said aloud too: a button's label does not change when its text does, so a screen
  // reader would never hear "Copied" from the button itself.
  var copyStatus = null;
  function announce(text) {
    if (!copyStatus) {
      copyStatus = document.createElement("p");
      copyStatus.className = "visually-hidden copy-status";
      copyStatus.setAttribute("role", "status");
      copyStatus.setAttribute("aria-live", "polite");
      document.body.appendChild(copyStatus);
    }
    copyStatus.textContent = "";
    // A change after the region is empty is read even when the same words are said twice.
    setTimeout(function () { copyStatus.textContent = text; }, 50);
  }
  Array.prototype.forEach.call(document.querySelectorAll("button.copy"), function (button) {
    button.hidden = false;
    button.setAttribute("aria-label", say("copyLabel"));
    button.addEventListener("click", function () {
      var code = button.closest(".code").querySelector("pre code");
      copyText(code.textContent).then(function () {
        button.textContent = say("copied");
        announce(say("copied"));
      }, function () {
        button.textContent = say("copyFailed");
        announce(say("copyFailed"));
      });
      setTimeout(function () { button.textContent = say("copy"); }, 1600);
    });
  });

  // Printing: folded hints, mutants and solutions print open (paper cannot unfold them), and each line of
  // code becomes a block of its own with a hanging indent (print.css), so that a long line that wraps
  // keeps its indentation. A short block is kept on one sheet.
  function lineOf(code) {
    var lines = [];
    var line = document.createElement("span");
    Array.prototype.slice.call(code.childNodes).forEach(function (node) {
      node.textContent.split("\n").forEach(function (part, i) {
        if (i > 0) {
          line.appendChild(document.createTextNode("\n"));
          lines.push(line);
          line = document.createElement("span");
        }
        if (!part) return;
        var piece = node.nodeType === 3 ? document.createTextNode(part) : node.cloneNode(false);
        if (node.nodeType !== 3) piece.textContent = part;
        line.appendChild(piece);
      });
    });
    if (line.childNodes.length) lines.push(line);
    code.textContent = "";
    lines.forEach(function (each) {
      var indent = /^[ \t]*/.exec(each.textContent)[0].replace(/\t/g, "    ").length;
      each.className = "line";
      each.style.setProperty("--hang", indent + 2 + "ch");
      code.appendChild(each);
    });
    code.setAttribute("data-lines", String(lines.length));
    var block = code.closest(".code");
    if (block && lines.length <= 12) block.classList.add("short");
  }
  var opened = [];
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details:not([open])"), function (details) {
      details.open = true;
      opened.push(details);
    });
    Array.prototype.forEach.call(document.querySelectorAll("pre > code:not([data-lines])"), lineOf);
  });
  window.addEventListener("afterprint", function () {
    opened.splice(0).forEach(function (details) { details.open = false; });
  });
  Array.prototype.forEach.call(document.querySelectorAll(".print-button"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });

  // The arrow keys go to the previous and next page (the pager's links), unless the reader is typing, or
  // is on something the arrows scroll or move through (code, a table, the search results).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && target.closest &&
        target.closest("input, textarea, select, [contenteditable], pre, .table-wrap, .search, summary")) return;
    if (root.scrollWidth > root.clientWidth) return;
    var link = document.querySelector(event.key === "ArrowLeft" ? ".pager a[rel=prev]" : ".pager a[rel=next]");
    if (!link) return;
    event.preventDefault();
    window.location.href = link.href;
  });

  // Chapter menu on narrow screens; Esc closes it and gives the focus back to its button.
  var menu = document.querySelector(".menu-toggle");
  var sidebar = document.getElementById("sidebar");
  function showMenu(open) {
    menu.setAttribute("aria-expanded", open ? "true" : "false");
    document.body.classList.toggle("menu-open", open);
  }
  if (menu && sidebar) {
    menu.hidden = false;
    menu.addEventListener("click", function () {
      showMenu(menu.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || menu.getAttribute("aria-expanded") !== "true") return;
      if (event.target && event.target.closest && event.target.closest(".search")) return;
      showMenu(false);
      menu.focus();
    });
  }

  // The section being read: the last heading that has reached the top part of the window. The tables of
  // contents mark it (and keep it in view when they scroll), and the language switch opens the other
  // edition there.
  var main = document.querySelector("main");
  var headings = main ? Array.prototype.filter.call(
    main.querySelectorAll("h1[id], h2[id], h3[id], h4[id]"), function (h) { return !h.closest("details"); }) : [];
  var tocLinks = Array.prototype.slice.call(document.querySelectorAll(".toc a[href^='#'], .sidebar-toc a[href^='#']"));
  function sectionBeingRead() {
    var line = Math.min(window.innerHeight * 0.3, 240);
    var found = null;
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].getBoundingClientRect().top > line) break;
      found = headings[i];
    }
    // At the very end of the page the last heading may never reach the line; it is the one being read.
    if (headings.length && window.innerHeight + window.scrollY >= root.scrollHeight - 2 &&
        headings[headings.length - 1].getBoundingClientRect().top < window.innerHeight) {
      found = headings[headings.length - 1];
    }
    return found;
  }
  function keepInView(link) {
    var box = link.closest(".toc, .sidebar");
    if (!box || box.scrollHeight <= box.clientHeight || !link.offsetParent) return;
    var top = link.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 40 || top > box.clientHeight - 40) box.scrollTop += top - box.clientHeight / 2;
  }
  var marked = null;
  function markSection() {
    var heading = sectionBeingRead();
    // A table of contents lists the ## and ### headings: a deeper one is read under the one above it.
    var entry = heading;
    while (entry && !tocLinks.some(function (a) { return a.getAttribute("href") === "#" + entry.id; })) {
      var index = headings.indexOf(entry);
      entry = index > 0 ? headings[index - 1] : null;
    }
    var id = entry ? entry.id : null;
    if (id !== marked) {
      marked = id;
      tocLinks.forEach(function (a) {
        if (id && a.getAttribute("href") === "#" + id) {
          a.setAttribute("aria-current", "location");
          keepInView(a);
        } else {
          a.removeAttribute("aria-current");
        }
      });
    }
    placeLanguageLinks(heading);
  }

  // The language switch opens the same place in the other edition: the exercise being read (its anchor is
  // the same in every edition), else the section (a translation's heading carries the source's anchor too).
  var switchLinks = Array.prototype.slice.call(document.querySelectorAll(".language-switch a[href]"));
  switchLinks.forEach(function (a) { a.setAttribute("data-page", a.getAttribute("href").split("#")[0]); });
  function placeLanguageLinks(heading) {
    if (!switchLinks.length) return;
    var place = "";
    if (heading && heading !== headings[0]) {
      var exercise = heading.querySelector(".exercise-anchor");
      place = exercise ? exercise.id : heading.getAttribute("data-source-anchor") || heading.id;
    }
    switchLinks.forEach(function (a) {
      a.setAttribute("href", a.getAttribute("data-page") + (place ? "#" + encodeURIComponent(place) : ""));
    });
  }
  if (headings.length) {
    var pending = false;
    var onScroll = function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () { pending = false; markSection(); });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    window.addEventListener("hashchange", onScroll);
    markSection();
  }
})();

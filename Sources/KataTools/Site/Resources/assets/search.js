// Full-text search over the index kata build-site wrote (assets/search-index.js): every section's
// prose, the names its code uses, and every exercise by title and id. The index is loaded the first
// time the reader searches, so pages stay light; it is a script, not JSON, because a page opened
// from file:// may not fetch a file. Results show an excerpt with the matched words marked, and
// the page a result opens marks them too.
(function () {
  "use strict";
  var site = window.KataSite || { say: function (key) { return key; }, sayCount: function (key, n) { return n; } };
  var say = site.say;
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  if (!input || !results) return;

  // The one function that splits text into search terms, each with where it is in the text (so a
  // match can be shown in an excerpt and marked). Both the index and the query go through it.
  // Chinese (and Japanese and Korean) text has no spaces between words, so a run of those characters
  // is cut into overlapping pairs of characters, plus its last character alone: "模拟对象" gives
  // 模拟, 拟对, 对象 and 象. A query is cut the same way and every one of its terms must be found, so a
  // word of any length is found wherever it is, and a single character (桩) matches every pair it starts.
  var cjk = /[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3]/;
  var cjkRun = /[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3]+|[^\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3]+/g;
  function tokenize(text) {
    var terms = [];
    var word = /[\p{L}\p{N}_]+/gu;
    var match;
    while ((match = word.exec(text))) {
      if (!cjk.test(match[0])) {
        terms.push({
          term: match[0].toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, ""),
          start: match.index,
          end: match.index + match[0].length
        });
        continue;
      }
      var run;
      cjkRun.lastIndex = 0;
      while ((run = cjkRun.exec(match[0]))) {
        var at = match.index + run.index;
        var part = run[0];
        if (!cjk.test(part)) {
          terms.push({ term: part.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, ""), start: at, end: at + part.length });
          continue;
        }
        for (var i = 0; i + 1 < part.length; i++) terms.push({ term: part.substr(i, 2), start: at + i, end: at + i + 2 });
        terms.push({ term: part[part.length - 1], start: at + part.length - 1, end: at + part.length });
      }
    }
    return terms;
  }

  var index = null;
  var loading = false;
  var waiting = [];

  function prepare(data) {
    var pages = data.pages || [];
    return (data.entries || []).map(function (entry, order) {
      var page = pages[entry.page] || { label: "", title: "" };
      return {
        entry: entry,
        order: order,
        detail: page.label + " \u00b7 " + page.title + (entry.id ? " \u00b7 " + entry.id : ""),
        title: tokenize(entry.title),
        text: tokenize(entry.text || ""),
        names: tokenize((entry.names || "") + " " + (entry.id || ""))
      };
    });
  }

  // Loads the index once; calls back when it is there (or could not be loaded).
  function withIndex(callback) {
    if (index) { callback(); return; }
    waiting.push(callback);
    if (loading) return;
    loading = true;
    var done = function () {
      index = prepare(window.KATA_SEARCH_INDEX || { entries: [] });
      waiting.splice(0).forEach(function (call) { call(); });
    };
    if (window.KATA_SEARCH_INDEX) { done(); return; }
    var script = document.createElement("script");
    var own = document.querySelector('script[src$="search.js"]');
    script.src = own ? own.getAttribute("src").replace(/search\.js$/, "search-index.js") : "assets/search-index.js";
    script.onload = done;
    script.onerror = function () {
      loading = false;
      index = null;
      waiting.splice(0);
      showMessage(say("searchMissing"));
    };
    document.head.appendChild(script);
  }

  function matches(token, queryTerms) {
    return matchedLength(token, queryTerms) > 0;
  }

  // How much of a token a query matches, from its start: a Latin word is matched whole (`stub` marks
  // *stubs*), a pair of Chinese characters only as far as the query goes (`钩` marks 钩 in 钩子, not 子).
  function matchedLength(token, queryTerms) {
    var length = 0;
    for (var i = 0; i < queryTerms.length; i++) {
      if (token.term.lastIndexOf(queryTerms[i], 0) !== 0) continue;
      length = Math.max(length, cjk.test(token.term) ? queryTerms[i].length : token.end - token.start);
    }
    return length;
  }

  // A query's terms. Of a run of two or more Chinese characters, the pairs say it all: its last character
  // alone (which the index needs, to find a single character) would match the pair that follows the word
  // in the text and run a mark past it (存根告 for 存根).
  function queryTermsOf(query) {
    var tokens = tokenize(query);
    return tokens.filter(function (t, i) {
      var previous = tokens[i - 1];
      return !(t.end - t.start === 1 && cjk.test(t.term) && previous && previous.end === t.end);
    }).map(function (t) { return t.term; })
      .filter(function (term, i, all) { return all.indexOf(term) === i; });
  }

  // Where the query's terms follow one another in a list of tokens, as a phrase.
  function phraseAt(tokens, queryTerms) {
    if (queryTerms.length < 2) return -1;
    outer: for (var i = 0; i + queryTerms.length <= tokens.length; i++) {
      for (var j = 0; j < queryTerms.length; j++) {
        var term = tokens[i + j].term;
        var wanted = queryTerms[j];
        if (j < queryTerms.length - 1 ? term !== wanted : term.lastIndexOf(wanted, 0) !== 0) continue outer;
      }
      return i;
    }
    return -1;
  }

  function score(item, queryTerms, query) {
    var total = 0;
    for (var i = 0; i < queryTerms.length; i++) {
      var q = queryTerms[i];
      var best = 0;
      var inText = 0;
      item.title.forEach(function (t) { if (t.term.lastIndexOf(q, 0) === 0) best = Math.max(best, t.term === q ? 12 : 8); });
      item.names.forEach(function (t) { if (t.term.lastIndexOf(q, 0) === 0) best = Math.max(best, t.term === q ? 7 : 4); });
      item.text.forEach(function (t) { if (t.term.lastIndexOf(q, 0) === 0) inText += t.term === q ? 1 : 0.6; });
      if (!best && !inText) return -1;
      total += best + Math.min(inText, 8);
    }
    if (phraseAt(item.title, queryTerms) >= 0) total += 20;
    if (phraseAt(item.text, queryTerms) >= 0) total += 10;
    if (item.entry.id && item.entry.id === query) total += 100;
    if (item.entry.title.toLowerCase() === query) total += 40;
    return total + (item.entry.kind === "exercise" ? 2 : item.entry.kind === "chapter" ? 1 : 0);
  }

  function search(query) {
    query = query.trim().toLowerCase();
    var queryTerms = queryTermsOf(query);
    if (!queryTerms.length || !index) return { terms: queryTerms, found: [] };
    var found = [];
    index.forEach(function (item) {
      var s = score(item, queryTerms, query);
      if (s >= 0) found.push({ item: item, score: s });
    });
    found.sort(function (a, b) { return b.score - a.score || a.item.order - b.item.order; });
    return { terms: queryTerms, found: found.map(function (f) { return f.item; }) };
  }

  // How many results are drawn at first; a button under them draws the rest.
  var firstShown = 20;

  // Text with the tokens that match the query wrapped in <mark>, as DOM nodes.
  // Tokens may overlap (pairs of Chinese characters): a match that touches the one before extends its mark.
  function marked(text, tokens, queryTerms, from, to, parent) {
    var position = from;
    var last = null;
    tokens.forEach(function (t) {
      var length = matchedLength(t, queryTerms);
      var end = t.start + length;
      if (t.start < from || t.end > to || end <= position || !length) return;
      if (last && t.start <= position) {
        last.textContent += text.slice(position, end);
      } else {
        parent.appendChild(document.createTextNode(text.slice(position, t.start)));
        last = document.createElement("mark");
        last.textContent = text.slice(t.start, end);
        parent.appendChild(last);
      }
      position = end;
    });
    parent.appendChild(document.createTextNode(text.slice(position, to)));
  }

  // About 180 characters of the text around its best match: the phrase, or where most terms meet.
  function excerpt(item, queryTerms, parent) {
    var text = item.entry.text || "";
    if (!text) return false;
    var tokens = item.text;
    var at = phraseAt(tokens, queryTerms);
    if (at < 0) {
      var bestCount = 0;
      tokens.forEach(function (t, i) {
        if (!matches(t, queryTerms)) return;
        var seen = {};
        for (var j = i; j < tokens.length && tokens[j].start < t.start + 120; j++) {
          queryTerms.forEach(function (q) { if (tokens[j].term.lastIndexOf(q, 0) === 0) seen[q] = true; });
        }
        var count = Object.keys(seen).length;
        if (count > bestCount) { bestCount = count; at = i; }
      });
    }
    var center = at >= 0 ? tokens[at].start : 0;
    var from = Math.max(0, center - 60);
    if (from > 0) { var space = text.indexOf(" ", from); from = space >= 0 && space < center ? space + 1 : from; }
    var to = Math.min(text.length, from + 180);
    if (to < text.length) { var last = text.lastIndexOf(" ", to); to = last > center ? last : to; }
    if (from > 0) parent.appendChild(document.createTextNode("\u2026"));
    marked(text, tokens, queryTerms, from, to, parent);
    if (to < text.length) parent.appendChild(document.createTextNode("\u2026"));
    return true;
  }

  var kindLabel = {
    exercise: say("searchKindExercise"), chapter: say("searchKindChapter"), section: say("searchKindSection"),
    page: say("searchKindPage")
  };

  function showMessage(text) {
    results.textContent = "";
    var item = document.createElement("li");
    item.className = "search-empty";
    item.textContent = text;
    results.appendChild(item);
    results.hidden = false;
    if (status) status.textContent = text;
  }

  function render(query) {
    var outcome = search(query);
    results.textContent = "";
    showResults(query, outcome, 0, firstShown);
    var shown = query.trim() !== "";
    results.hidden = !shown;
    if (shown && !outcome.found.length) {
      showMessage(say("searchNothing", { query: query.trim() }));
      return;
    }
    if (status) status.textContent = shown ? site.sayCount("searchResults", outcome.found.length) : "";
  }

  // Draws results from..<to, and under them a button for the rest when there are more.
  function showResults(query, outcome, from, to) {
    outcome.found.slice(from, to).forEach(function (item) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      link.href = item.entry.url;
      link.className = "search-result kind-" + item.entry.kind;
      var kind = document.createElement("span");
      kind.className = "result-kind";
      kind.textContent = kindLabel[item.entry.kind] || item.entry.kind;
      var title = document.createElement("span");
      title.className = "result-title";
      marked(item.entry.title, item.title, outcome.terms, 0, item.entry.title.length, title);
      var detail = document.createElement("span");
      detail.className = "result-detail";
      detail.textContent = item.detail;
      link.appendChild(kind);
      link.appendChild(title);
      link.appendChild(detail);
      var text = document.createElement("span");
      text.className = "result-excerpt";
      if (excerpt(item, outcome.terms, text)) link.appendChild(text);
      link.addEventListener("click", function () { remember(query, item.entry.url); close(); });
      li.appendChild(link);
      results.appendChild(li);
    });
    if (outcome.found.length <= to) return;
    var more = document.createElement("li");
    more.className = "search-more";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = say("searchMore", { count: outcome.found.length });
    button.addEventListener("click", function () {
      var next = more.previousElementSibling;
      more.remove();
      showResults(query, outcome, to, outcome.found.length);
      // The focus goes on with the first result that was not shown before.
      var first = next && next.nextElementSibling && next.nextElementSibling.querySelector("a");
      if (first) first.focus();
    });
    more.appendChild(button);
    results.appendChild(more);
  }

  function close() { results.hidden = true; }

  // The page a result opens marks the words searched for in the section it opens at.
  function remember(query, url) {
    try { sessionStorage.setItem("kata-search", JSON.stringify({ query: query, url: url })); } catch (error) { /* fine */ }
  }

  function markOnArrival() {
    var stored = null;
    try {
      stored = JSON.parse(sessionStorage.getItem("kata-search") || "null");
      sessionStorage.removeItem("kata-search");
    } catch (error) { return; }
    if (!stored || !stored.url) return;
    var target = new URL(stored.url, document.baseURI);
    if (target.pathname !== location.pathname || target.hash !== location.hash) return;
    var queryTerms = queryTermsOf(stored.query.toLowerCase());
    if (!queryTerms.length) return;
    var start = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : document.querySelector("main h1");
    var heading = start && (start.closest("h1, h2, h3, h4, h5, h6") || start);
    if (!heading) return;
    var level = /^H[1-6]$/.test(heading.tagName) ? Number(heading.tagName[1]) : 7;
    for (var node = heading.nextElementSibling; node; node = node.nextElementSibling) {
      if (/^H[1-6]$/.test(node.tagName) && Number(node.tagName[1]) <= Math.max(level, 2)) break;
      if (node.matches(".code, .card, details, .pair")) continue;
      markIn(node, queryTerms);
    }
  }

  function markIn(element, queryTerms) {
    var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var tokens = tokenize(node.data).filter(function (t) { return matches(t, queryTerms); });
      if (!tokens.length || node.parentNode.closest("pre, mark")) return;
      var fragment = document.createDocumentFragment();
      marked(node.data, tokens, queryTerms, 0, node.data.length, fragment);
      fragment.querySelectorAll && Array.prototype.forEach.call(fragment.querySelectorAll("mark"), function (m) {
        m.className = "search-hit";
      });
      node.parentNode.replaceChild(fragment, node);
    });
  }

  input.addEventListener("focus", function () { withIndex(function () {}); });
  input.addEventListener("input", function () { withIndex(function () { render(input.value); }); });
  input.addEventListener("keydown", function (event) {
    var links = results.querySelectorAll("a");
    if (event.key === "ArrowDown" && links.length) {
      event.preventDefault();
      links[0].focus();
    } else if (event.key === "Enter" && links.length) {
      event.preventDefault();
      remember(input.value, links[0].getAttribute("href"));
      close();
      window.location.href = links[0].href;
    } else if (event.key === "Escape") {
      input.value = "";
      render("");
    }
  });
  results.addEventListener("keydown", function (event) {
    var links = Array.prototype.slice.call(results.querySelectorAll("a, button"));
    var position = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && position < links.length - 1) {
      event.preventDefault();
      links[position + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (position > 0) { links[position - 1].focus(); } else { input.focus(); }
    } else if (event.key === "Escape") {
      close();
      input.focus();
    }
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable);
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
    }
  });
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest(".search")) close();
  });
  markOnArrival();

  window.KataSearch = { tokenize: tokenize, search: function (query) { return search(query).found.map(function (i) { return i.entry; }); } };
})();

#!/usr/bin/env python3
"""Loads a site built by `kata build-site` in headless Chromium, from file://, as a reader would.

Drives Chromium over the DevTools protocol and checks what a person would notice if it broke:
the index and a chapter draw something (screenshots are not blank), the search finds an
exercise by its name and the result leads to it, the theme follows the system and the toggle
switches it (and the choice survives a reload), the copy buttons appear, Objective-C and Swift
sit side by side, a phone-sized window has no sideways scrolling, the print stylesheet hides
the navigation, and no script throws. Screenshots are kept in --screenshots for a person.

With --edition CODE it checks the site's edition in that language instead (site/CODE/): the language
switch and hreflang links both ways, search for Chinese words, no interface words of the English edition
on its pages, and a desktop and a phone screenshot of a chapter.

Usage: browser_test.py --site DIR [--screenshots DIR] [--print-book] [--edition CODE]
Needs: chromium (Debian's package), pdftotext (poppler-utils) and the websocket-client module
(scripts/setup-site-tests.sh installs them).
"""

import argparse
import base64
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

import websocket


class Browser:
    """One headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self):
        executable = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
        if executable is None:
            raise SystemExit("browser test: no chromium on PATH; run scripts/setup-site-tests.sh as root")
        self.profile = tempfile.mkdtemp(prefix="kata-chromium-")
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-sync", "--hide-scrollbars",
             "--remote-debugging-port=0", "--user-data-dir=" + self.profile, "--window-size=1280,900", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.next_id = 0
        self.events = []
        try:
            port = self._wait_for_port()
            with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=10) as response:
                targets = json.load(response)
            page = next(t for t in targets if t["type"] == "page")
            self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
            for domain in ("Page", "Runtime", "Network"):
                self.send(domain + ".enable")
            # The network is off, as at a workshop with poor wifi: the site must not need it.
            self.send("Network.emulateNetworkConditions", offline=True, latency=0, downloadThroughput=-1, uploadThroughput=-1)
        except BaseException:
            self.close()
            raise

    def _wait_for_port(self):
        path = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise SystemExit("browser test: chromium exited with status %d at start" % self.process.returncode)
            if os.path.exists(path):
                with open(path) as handle:
                    first = handle.readline().strip()
                if first:
                    return int(first)
            time.sleep(0.1)
        raise SystemExit("browser test: chromium did not open its debugging port within 30 s")

    def send(self, method, **params):
        self.next_id += 1
        message_id = self.next_id
        self.socket.send(json.dumps({"id": message_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == message_id:
                if "error" in message:
                    raise RuntimeError("%s failed: %s" % (method, message["error"]))
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError("script failed: %s\n%s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def open(self, url):
        self.send("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete' && location.href.startsWith(%s)" % json.dumps(url.split("#")[0]))

    def wait_for(self, condition, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if self.evaluate("Boolean(%s)" % condition):
                    return True
            except RuntimeError:
                pass
            time.sleep(0.05)
        return False

    def click(self, selector):
        box = self.evaluate(
            "(() => { const e = document.querySelector(%s); if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()"
            % json.dumps(selector))
        if box is None:
            raise RuntimeError("nothing to click at " + selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=box["x"], y=box["y"], button="left", clickCount=1)

    def screenshot(self, path):
        data = base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])
        if path:
            with open(path, "wb") as handle:
                handle.write(data)
        return data

    def outside_requests(self):
        urls = [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]
        return [url for url in urls if not url.startswith(("file:", "data:", "about:"))]

    def exceptions(self):
        return [e for e in self.events if e.get("method") == "Runtime.exceptionThrown"]

    def close(self):
        try:
            if getattr(self, "socket", None):
                self.socket.close()
        finally:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


CONTRAST = """
(() => {
  const parse = c => { const m = c.match(/[\\d.]+/g).map(Number); return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
  const lum = ({r, g, b}) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = e => { for (; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c.a > 0.5) return c; }
    return parse(getComputedStyle(document.documentElement).backgroundColor || 'rgb(255,255,255)'); };
  const low = [];
  const selectors = ['p', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'a', 'code', 'pre span', '.card-note', '.role', '.summary-note',
                     '.chapter-kicker', '.toc a', '.sidebar a', '.pager-label', '.code-language', '.site-footer p', 'summary'];
  for (const selector of selectors) {
    for (const e of document.querySelectorAll(selector)) {
      if (!e.offsetParent && getComputedStyle(e).position !== 'fixed') continue;
      if (!e.textContent.trim()) continue;
      const fg = parse(getComputedStyle(e).color), bg = background(e);
      const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 4.5) low.push(selector + ' "' + e.textContent.trim().slice(0, 20) + '" ' + ratio.toFixed(2));
    }
  }
  return [...new Set(low)].slice(0, 5);
})()
"""


CODE_FIT = """
(() => {
  const main = document.querySelector('main');
  const probe = document.createElement('pre');
  probe.style.cssText = 'position: absolute; visibility: hidden; padding: 0';
  probe.appendChild(document.createElement('code')).textContent = 'M'.repeat(100);
  main.appendChild(probe);
  const charWidth = probe.firstChild.getBoundingClientRect().width / 100;
  probe.remove();
  const longest = pre => Math.max(0, ...pre.textContent.replace(/\\n$/, '').split('\\n').map(l => l.replace(/\\t/g, '    ').length));
  const scrolls = pre => pre.scrollWidth > pre.clientWidth + 1;
  const padding = pre => { const s = getComputedStyle(pre); return parseFloat(s.paddingLeft) + parseFloat(s.paddingRight); };
  const shown = [...main.querySelectorAll('pre')].filter(p => p.clientWidth > 0);
  const paired = new Set(shown.filter(p => p.closest('.pair')));
  const pairs = [...main.querySelectorAll('.pair')].map(pair => {
    const sides = [...pair.children];
    const [a, b] = sides.map(side => side.getBoundingClientRect());
    const pres = sides.map(side => side.querySelector('pre'));
    const gap = parseFloat(getComputedStyle(pair).columnGap) || 0;
    const need = gap + sides.reduce((sum, side, i) =>
      sum + longest(pres[i]) * charWidth + padding(pres[i]) + side.offsetWidth - pres[i].clientWidth, 0);
    return {sideBySide: Math.abs(a.top - b.top) < 2 && a.right <= b.left + 1, cut: pres.some(scrolls),
            need: Math.round(need), column: main.clientWidth, longest: pres.map(longest)};
  });
  const single = shown.filter(p => !paired.has(p));
  return {blocks: shown.length, scrolling: shown.filter(scrolls).length, pairs: pairs,
          scrollingSingles: single.filter(scrolls).map(p => longest(p)), column: main.clientWidth};
})()
"""


WRAPPED_LINES = """
(() => {
  window.dispatchEvent(new Event('beforeprint'));
  let wrapped = 0;
  const lost = [];
  for (const line of document.querySelectorAll('pre code .line')) {
    const range = document.createRange();
    range.selectNodeContents(line);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (!rects.length) continue;
    const top = Math.min(...rects.map(r => r.top));
    const later = rects.filter(r => r.top > top + 2);
    if (!later.length) continue;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    let first = null;
    while (!first && walker.nextNode()) {
      const i = walker.currentNode.data.search(/\\S/);
      if (i >= 0) first = [walker.currentNode, i];
    }
    if (!first) continue;
    const character = document.createRange();
    character.setStart(first[0], first[1]);
    character.setEnd(first[0], first[1] + 1);
    const start = character.getBoundingClientRect().left;
    wrapped++;
    const left = Math.min(...later.map(r => r.left));
    if (left < start - 1) lost.push(line.textContent.trim().slice(0, 50));
  }
  window.dispatchEvent(new Event('afterprint'));
  return [wrapped, lost.slice(0, 3)];
})()
"""


FIELD_EDGE = """
(() => {
  const parse = c => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
  const field = document.getElementById('search-input');
  const edge = parse(getComputedStyle(field).borderTopColor);
  const header = parse(getComputedStyle(document.querySelector('.site-header')).backgroundColor);
  const inside = parse(getComputedStyle(field).backgroundColor);
  return [ratio(edge, header), ratio(edge, inside)].map(r => Math.round(r * 100) / 100);
})()
"""

PLACEHOLDER = """
(() => {
  const parse = c => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const field = document.getElementById('search-input');
  const [hi, lo] = [lum(parse(getComputedStyle(field, '::placeholder').color)), lum(parse(getComputedStyle(field).backgroundColor))]
    .sort((x, y) => y - x);
  return Math.round((hi + 0.05) / (lo + 0.05) * 100) / 100;
})()
"""

ARROW_GLYPH = """
(async () => {
  const fonts = [document.querySelector('pre code') || document.body, document.querySelector('main p') || document.body]
    .map(e => getComputedStyle(e).fontSize + ' ' + getComputedStyle(e).fontFamily);
  const draw = (font, text) => { const c = document.createElement('canvas'); c.width = 48; c.height = 48;
    const g = c.getContext('2d'); g.font = font; g.fillText(text, 8, 32); return Array.from(g.getImageData(0, 0, 48, 48).data).join(); };
  const result = [];
  for (const font of fonts) {
    await document.fonts.load(font, '\\uFFEB');
    // A character no font has is drawn as the missing-glyph box; U+FFEB must not look like it.
    result.push(draw(font, '\\uFFEB') !== draw(font, '\\u{10FFFD}') && draw(font, '\\uFFEB') !== draw(font, ''));
  }
  return result;
})()
"""


def squeeze(text):
    """Text without any white space, to compare what a page says with what pdftotext read from its PDF."""
    return "".join(text.split())


def text_lines(sheet):
    return len([line for line in sheet.split("\n") if line.strip()])


def phone_widths(browser, base, pages, window=390):
    """The pages wider than a phone's window (`window` px wide, set by the caller), with how wide each is. (A
    phone zooms out to show a page that is too wide, so innerWidth grows with it: the window's width is the
    measure.)"""
    wide = []
    for page in pages:
        browser.open(base + page)
        width = browser.evaluate("document.documentElement.scrollWidth")
        if width > window:
            wide.append("%s: %d px" % (page, width))
    return wide


def widest_page(site, pages):
    """The chapter page with the longest line of code: the one whose column would grow the most."""
    def longest(page):
        with open(os.path.join(site, page), encoding="utf-8") as handle:
            html = handle.read()
        code = [re.sub(r"<[^>]+>", "", block) for block in re.findall(r"<pre[^>]*>(.*?)</pre>", html, re.S)]
        return max([len(line) for block in code for line in block.split("\n")] or [0])
    return max(pages, key=longest)


def exercise_depth(site, url):
    """How far down its page an exercise's anchor is, in characters of HTML."""
    page, anchor = url.split("#")
    with open(os.path.join(site, page), encoding="utf-8") as handle:
        return handle.read().find('id="%s"' % anchor)


def tallest_card(site, pages):
    """The chapter page whose longest card has the most lines: the hardest one to print."""
    def lines(page):
        with open(os.path.join(site, page), encoding="utf-8") as handle:
            html = handle.read()
        return max([card.count("\n") for card in re.findall(r'<section class="card.*?</section>', html, re.S)] or [0])
    return max(pages, key=lines)


def png_pixels(data):
    """Decodes an 8-bit RGB or RGBA PNG (what Chromium writes) into rows of pixel tuples."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat, width, height, channels = 8, b"", 0, 0, 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError("unexpected PNG format: depth %d, colour type %d" % (depth, colour))
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        method, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if method == 1:
                line[i] = (line[i] + left) & 0xFF
            elif method == 2:
                line[i] = (line[i] + up) & 0xFF
            elif method == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif method == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(0, width, 4)])
        previous = line
    return rows


def ink_fraction(png):
    """The share of (sampled) pixels that differ from the most common colour: 0 for a blank page."""
    counts = {}
    total = 0
    for row in png_pixels(png)[::4]:
        for pixel in row:
            counts[pixel] = counts.get(pixel, 0) + 1
            total += 1
    background = max(counts.values())
    return (total - background) / total, len(counts)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def section(self, name, body):
        """Runs a group of checks; an error inside it fails the group instead of stopping the run."""
        try:
            body()
        except Exception as error:  # noqa: BLE001 - any failure is reported, then the next group runs
            self.check(name + " ran to the end", False, "%s: %s" % (type(error).__name__, (str(error).splitlines() or [""])[0]))

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print("ok - " + name)
        else:
            self.failed += 1
            print("not ok - " + name + (": " + str(detail) if detail else ""))


def run(site, screenshots, print_book):
    site = os.path.abspath(site)
    with open(os.path.join(site, "search-index.json")) as handle:
        entries = json.load(handle)["entries"]
    exercise = next(entry for entry in entries if entry["kind"] == "exercise")
    chapter_page = exercise["url"].split("#")[0]
    chapter_pages = sorted({entry["url"].split("#")[0] for entry in entries if entry["kind"] == "chapter"})
    tallest_card_page = tallest_card(site, chapter_pages)
    documents = sorted({entry["url"].split("#")[0] for entry in entries if entry["kind"] == "page"})
    all_pages = sorted(name for name in os.listdir(site) if name.endswith(".html"))
    with open(os.path.join(site, "index.html"), encoding="utf-8") as handle:
        has_progress = "chapter-progress" in handle.read()
    base = "file://" + site + "/"
    checks = Checks()
    browser = Browser()
    try:
        background = "getComputedStyle(document.body).backgroundColor"

        state = {}

        def section_0():
            # The index, light, as the system says.
            browser.send("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "light"}])
            browser.open(base + "index.html")
            checks.check("the index has the workbook's chapters", browser.evaluate("document.querySelectorAll('.index-chapter').length") >= 1)
            checks.check("a learner's build does not say it is an instructor's", not browser.evaluate("!!document.querySelector('.instructor-note')"))
            ink, colours = ink_fraction(browser.screenshot(os.path.join(screenshots, "index.png") if screenshots else None))
            checks.check("the index screenshot is not blank", ink > 0.02 and colours > 8, "ink %.3f, %d colours" % (ink, colours))
            state["light"] = browser.evaluate(background)

        def search_for(query):
            """Types a query into the search box of the page that is open; returns the result rows."""
            browser.click("#search-input")
            browser.evaluate("document.getElementById('search-input').value = ''")
            browser.send("Input.insertText", text=query)
            browser.wait_for("document.querySelector('#search-results li')")
            return browser.evaluate(
                "[...document.querySelectorAll('#search-results a')].map(a => ({title: a.querySelector('.result-title').textContent,"
                " href: a.getAttribute('href'), detail: a.querySelector('.result-detail').textContent,"
                " excerpt: a.querySelector('.result-excerpt')?.textContent || '',"
                " marks: [...a.querySelectorAll('.result-excerpt mark')].map(m => m.textContent.toLowerCase())}))")

        def press(key, code, number):
            browser.send("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, windowsVirtualKeyCode=number)
            browser.send("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=number)

        def section_1():
            # Search finds the exercise by its name, and the result leads to its title, above the prompt.
            rows = search_for(exercise["title"])
            first = rows[0] if rows else None
            checks.check("search for '%s' lists the exercise first" % exercise["title"],
                         first and first["title"] == exercise["title"] and first["href"] == exercise["url"], first)
            press("Enter", "Enter", 13)
            arrived = browser.wait_for("location.href.endsWith(%s) && document.readyState === 'complete'" % json.dumps(exercise["url"]))
            target = exercise["url"].split("#")[1]
            landing = "(() => { const e = document.getElementById(%s); const h = e && e.closest('h1, h2, h3, h4');" \
                " const r = h && h.getBoundingClientRect(); const p = h && h.nextElementSibling;" \
                " return !!r && r.top >= 0 && r.top < 160 && !!p && p.getBoundingClientRect().top < innerHeight; })()" % json.dumps(target)
            checks.check("Enter on the result opens the chapter at the exercise's title, with its prompt in view",
                         arrived and browser.wait_for(landing),
                         browser.evaluate("[location.href, document.getElementById(%s)?.getBoundingClientRect().top]" % json.dumps(target)))
            browser.open(base + "index.html")
            rows = search_for(exercise["id"])
            checks.check("search by the exercise's id finds it first", rows and rows[0]["href"] == exercise["url"], rows[:1])

            # Full text: words of the prose, with an excerpt that marks them.
            queries = [q for q in ("mutant", "null object", "dependency injection", "stub")
                       if any(q in entry.get("text", "").lower() for entry in entries)]
            section = max(entries, key=lambda e: len(e.get("text", "").split()))
            words = [w for w in section.get("text", "").split() if w.isalpha() and len(w) > 4]
            queries.append(" ".join(words[:2]))
            for query in queries:
                rows = search_for(query)
                terms = query.lower().split()
                marked = [r for r in rows if any(m.startswith(t) for m in r["marks"] for t in terms)]
                checks.check("full-text search for '%s' finds sections and marks the words in an excerpt" % query,
                             len(marked) >= 1, rows[:2])
                keys = [(r["title"], r["detail"]) for r in rows]
                checks.check("the results for '%s' are all different places" % query, len(keys) == len(set(keys)), keys)
            browser.screenshot(os.path.join(screenshots, "search.png") if screenshots else None)
            href = rows[0]["href"]
            press("Enter", "Enter", 13)
            browser.wait_for("location.href.endsWith(%s) && document.readyState === 'complete'" % json.dumps(href))
            checks.check("the page a result opens marks the words searched for",
                         browser.wait_for("[...document.querySelectorAll('mark.search-hit')].some(m => m.getBoundingClientRect().height > 0)"))

        def section_2():
            # A chapter: draws, highlights code, shows copy buttons, puts Objective-C beside Swift.
            browser.open(base + chapter_page)
            ink, colours = ink_fraction(browser.screenshot(os.path.join(screenshots, "chapter.png") if screenshots else None))
            checks.check("the chapter screenshot is not blank", ink > 0.02 and colours > 8, "ink %.3f, %d colours" % (ink, colours))
            checks.check("the current chapter is marked in the sidebar",
                         browser.evaluate("document.querySelector('.sidebar [aria-current=page]').getAttribute('href')") == chapter_page)
            checks.check("code is highlighted", browser.evaluate("document.querySelectorAll('pre .hl-keyword').length") > 0)
            checks.check("every code block has a visible copy button", browser.evaluate(
                "[...document.querySelectorAll('.code')].every(c => { const b = c.querySelector('button.copy'); return b && !b.hidden && b.offsetWidth > 0; })"))
            low = browser.evaluate(CONTRAST)
            checks.check("text contrast is at least 4.5:1 in the light theme", not low, low)
            checks.check("hints are folded", browser.evaluate("[...document.querySelectorAll('details.hint')].every(d => !d.open)"))
            paired = sorted(name for name in os.listdir(site) if name.endswith(".html")
                            and 'class="pair"' in open(os.path.join(site, name), encoding="utf-8").read())
            if paired:
                # How pairs are laid out is checked in code_fits; this keeps a picture of one.
                browser.open(base + paired[0])
                browser.evaluate("document.querySelector('.pair').scrollIntoView({block: 'center', behavior: 'instant'})")
                browser.screenshot(os.path.join(screenshots, "pair.png") if screenshots else None)
                browser.open(base + chapter_page)

        def code_fits():
            # Code uses the width of the window: at 1280 px a block of up to 118 columns does not scroll
            # sideways, at 1920 px up to 150; Objective-C and Swift sit side by side when both fit, and one
            # above the other when they do not, never cut on one side.
            pages = sorted(name for name in os.listdir(site) if name[:1].isdigit() and name.endswith(".html"))
            for width, columns in ((1280, 118), (1920, 150)):
                browser.send("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
                blocks = scrolling = 0
                too_narrow, cut, stacked_needlessly, side_by_side, stacked = [], [], [], 0, 0
                for page in pages:
                    browser.open(base + page)
                    fit = browser.evaluate(CODE_FIT)
                    blocks += fit["blocks"]
                    scrolling += fit["scrolling"]
                    too_narrow += ["%s: a block of %d columns" % (page, n) for n in fit["scrollingSingles"] if n <= columns]
                    for pair in fit["pairs"]:
                        if pair["sideBySide"]:
                            side_by_side += 1
                            if pair["cut"]:
                                cut.append("%s: %s" % (page, pair))
                        else:
                            stacked += 1
                            if pair["need"] <= pair["column"]:
                                stacked_needlessly.append("%s: %s" % (page, pair))
                print("# %d px: %d of %d code blocks scroll sideways; %d pairs side by side, %d one above the other"
                      % (width, scrolling, blocks, side_by_side, stacked))
                checks.check("at %d px every code block of up to %d columns fits without scrolling" % (width, columns),
                             not too_narrow, too_narrow[:3])
                checks.check("at %d px no Objective-C/Swift pair is cut on one side" % width, not cut, cut[:2])
                checks.check("at %d px a pair is stacked only when its sides do not fit side by side" % width,
                             not stacked_needlessly, stacked_needlessly[:2])
            browser.send("Emulation.clearDeviceMetricsOverride")

        def section_3():
            # Theme: the system's dark setting is followed, the toggle overrides it, and a reload keeps the choice.
            browser.send("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "dark"}])
            dark = browser.evaluate(background)
            light = state.get("light")
            low = browser.evaluate(CONTRAST)
            checks.check("text contrast is at least 4.5:1 in the dark theme", not low, low)
            checks.check("a dark system setting gives a dark page", dark != light and browser.evaluate("document.documentElement.dataset.theme") is None, (light, dark))
            browser.click(".theme-toggle")
            toggled = browser.evaluate(background)
            checks.check("the toggle switches to the light theme", toggled == light and browser.evaluate(
                "document.documentElement.dataset.theme === 'light' && document.querySelector('.theme-toggle').getAttribute('aria-pressed') === 'false'"),
                toggled)
            browser.open(base + chapter_page)
            checks.check("the choice survives a reload", browser.evaluate(background) == light)
            browser.click(".theme-toggle")
            checks.check("the toggle switches back to dark", browser.evaluate(background) == dark and browser.evaluate(
                "document.querySelector('.theme-toggle').getAttribute('aria-pressed')") == "true")
            browser.screenshot(os.path.join(screenshots, "chapter-dark.png") if screenshots else None)

        def details():
            # The arrow keys go to the previous and next page, but not while typing in the search box.
            browser.send("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "light"}])
            first = chapter_pages[0]
            browser.open(base + first)
            following = browser.evaluate("document.querySelector('.pager a[rel=next]')?.getAttribute('href')")
            browser.evaluate("document.activeElement.blur()")
            press("ArrowRight", "ArrowRight", 39)
            arrived = following and browser.wait_for(
                "location.href.endsWith(%s) && document.readyState === 'complete'" % json.dumps("/" + following))
            checks.check("→ opens the next page (%s)" % following, arrived, browser.evaluate("location.href"))
            press("ArrowLeft", "ArrowLeft", 37)
            checks.check("← opens the previous page", browser.wait_for(
                "location.href.endsWith(%s) && document.readyState === 'complete'" % json.dumps("/" + first)), browser.evaluate("location.href"))
            browser.click("#search-input")
            press("ArrowRight", "ArrowRight", 39)
            time.sleep(0.5)
            checks.check("→ in the search box moves the cursor, not the page", browser.evaluate("location.href").endswith("/" + first))

            # The search field's edge stands out from the header and from its own background, in both themes.
            for theme in ("light", "dark"):
                browser.send("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": theme}])
                browser.evaluate("document.documentElement.removeAttribute('data-theme')")
                ratios = browser.evaluate(FIELD_EDGE)
                checks.check("the search field's edge has 3:1 against the header and the field (%s theme: %s)" % (theme, ratios),
                             min(ratios) >= 3, ratios)
                placeholder = browser.evaluate(PLACEHOLDER)
                checks.check("the search field's placeholder has 4.5:1 against the field (%s theme: %s)" % (theme, placeholder),
                             placeholder >= 4.5, placeholder)

            # U+FFEB, which Spry's messages start lines with, is drawn with a glyph, not an empty box.
            drawn = browser.evaluate(ARROW_GLYPH)
            checks.check("U+FFEB is drawn with a glyph in code and in prose", drawn == [True, True], drawn)

            # A favicon, a 404 page, and the documents the chapters link to.
            checks.check("the page has a favicon that loads", browser.evaluate(
                "new Promise(done => { const l = document.querySelector('link[rel=icon]'); if (!l) return done(false);"
                " const i = new Image(); i.onload = () => done(i.naturalWidth > 0); i.onerror = () => done(false); i.src = l.href; })"))
            browser.open(base + "404.html")
            checks.check("404.html says the page is not in the workbook and links the contents",
                         browser.evaluate("!!document.querySelector('main h1') && !!document.querySelector('main a[href=\"index.html\"]')"))
            documents = browser.evaluate("[...document.querySelectorAll('.reference-list a')].map(a => a.getAttribute('href'))")
            if documents:
                browser.open(base + documents[0])
                checks.check("a document the chapters link to is a page of the site (%s)" % documents[0],
                             browser.evaluate("document.querySelector('main h1') && !document.body.textContent.includes('](')"))

        def section_4():
            # A phone: no page scrolls sideways (long inline code breaks); the chapter list is behind a button,
            # and Esc closes it.
            browser.send("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1, mobile=True)
            wide = phone_widths(browser, base, all_pages)
            checks.check("at 390 px no page scrolls sideways (%d pages)" % len(all_pages), not wide, wide[:4])
            browser.open(base + chapter_page)
            hidden = browser.evaluate("getComputedStyle(document.getElementById('sidebar')).display") == "none"
            browser.click(".menu-toggle")
            shown = browser.evaluate("getComputedStyle(document.getElementById('sidebar')).display") != "none"
            checks.check("on a phone the chapter list opens from the menu button", hidden and shown)
            browser.screenshot(os.path.join(screenshots, "phone.png") if screenshots else None)
            press("Escape", "Escape", 27)
            checks.check("Esc closes the phone's chapter list and gives the focus back to its button", browser.evaluate(
                "getComputedStyle(document.getElementById('sidebar')).display === 'none'"
                " && document.activeElement === document.querySelector('.menu-toggle')"
                " && document.querySelector('.menu-toggle').getAttribute('aria-expanded') === 'false'"))
            browser.send("Emulation.clearDeviceMetricsOverride")

        def section_5():
            # Print: the handout has the chapter, not the navigation.
            browser.send("Emulation.setEmulatedMedia", media="print")
            checks.check("printing hides the sidebar, search and pager", browser.evaluate(
                "['.sidebar', '.site-header', '.pager'].every(s => !document.querySelector(s) || getComputedStyle(document.querySelector(s)).display === 'none')"))
            checks.check("printing shows the chapter", browser.evaluate("getComputedStyle(document.querySelector('.chapter')).display") != "none")

            # A long line of code that wraps on paper keeps its indentation (checked in a narrow window, where
            # many lines wrap).
            browser.send("Emulation.setDeviceMetricsOverride", width=320, height=900, deviceScaleFactor=1, mobile=False)
            browser.open(base + tallest_card_page)
            wrapped, lost = browser.evaluate(WRAPPED_LINES)
            checks.check("printed code that wraps keeps its indentation (%d wrapped lines)" % wrapped, wrapped > 0 and not lost, lost)
            browser.send("Emulation.clearDeviceMetricsOverride")
            browser.send("Emulation.setEmulatedMedia", media="")

            # On paper (A4): no sheet is left nearly empty by a card kept whole, and hints print their text.
            hints = browser.evaluate("[...document.querySelectorAll('.hint-body > p:first-child')].map(p => p.textContent)")
            sheets = print_to_text(tallest_card_page)
            short = [(number + 1, lines) for number, lines in enumerate(text_lines(sheet) for sheet in sheets[:-1]) if lines < 12]
            checks.check("printing %s fills every sheet but the last (%d sheets)" % (tallest_card_page, len(sheets)), not short, short)
            printed = squeeze("".join(sheets))
            missing = [hint[:60] for hint in hints if squeeze(hint)[:80] not in printed]
            checks.check("printed hints show their text (%d hints)" % len(hints), not missing, missing[:2])

            # The whole workbook on one page, each chapter on a sheet of its own.
            browser.open(base + "print.html")
            titles = browser.evaluate("[...document.querySelectorAll('article.book-chapter h1')].map(h => h.textContent.replace(/\\s*#$/, '').trim())")
            checks.check("print.html holds every chapter", len(titles) == len(chapter_pages), (len(titles), len(chapter_pages)))
            if print_book:
                sheets = print_to_text("print.html")
                starts = [squeeze(sheet)[:200] for sheet in sheets]
                unstarted = [title for title in titles if not any(squeeze(title) in start for start in starts)]
                checks.check("printing print.html starts every chapter on a new sheet (%d sheets)" % len(sheets), not unstarted, unstarted)
                short = [(number + 1, lines) for number, lines in enumerate(text_lines(sheet) for sheet in sheets[:-1]) if lines < 12
                         and not any(squeeze(title) in squeeze(sheets[number + 1])[:200] for title in titles)]
                checks.check("printing print.html leaves no sheet nearly empty except before a chapter", not short, short)

        def print_to_text(page):
            """Prints a page of the site to A4 PDF and returns the text of each sheet (pdftotext)."""
            browser.open(base + page)
            pdf = base64.b64decode(browser.send("Page.printToPDF", paperWidth=8.27, paperHeight=11.69)["data"])
            text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout
            return text.decode("utf-8").split("\f")[:-1]

        def layout():
            # Turning a page does not move the sidebar or the column: they stand where they stood on the
            # index, at every width, whatever the page's longest line of code.
            pages = ["index.html", chapter_pages[0], widest_page(site, chapter_pages)] + ([documents[0]] if documents else [])
            for width in (1280, 1440, 1920):
                browser.send("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
                places = {}
                for page in pages:
                    browser.open(base + page)
                    places[page] = tuple(browser.evaluate(
                        "[document.querySelector('.sidebar'), document.querySelector('main')]"
                        ".map(e => Math.round(e.getBoundingClientRect().left))"))
                checks.check("at %d px the sidebar and the column stand still from page to page" % width,
                             len(set(places.values())) == 1, places)
            browser.send("Emulation.clearDeviceMetricsOverride")

        def contents():
            # Below 1440 px the table of contents is in the sidebar; at any width it marks the section being read.
            browser.send("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "light"}])
            page = widest_page(site, chapter_pages)
            for width, where in ((1280, ".sidebar-toc"), (1440, ".toc")):
                browser.send("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
                browser.open(base + page)
                entries = browser.evaluate("[...document.querySelectorAll('nav.toc a')].map(a => a.getAttribute('href'))")
                shown = browser.evaluate("[...document.querySelectorAll(%s)].filter(e => e.offsetParent).flatMap(e =>"
                                         " [...e.querySelectorAll('a')].map(a => a.getAttribute('href')))" % json.dumps(where))
                checks.check("at %d px the table of contents is shown (%s, %d sections)" % (width, where, len(entries)),
                             entries and shown == entries, (len(entries), len(shown)))
                target = entries[len(entries) // 2]
                browser.evaluate("document.getElementById(%s).scrollIntoView({block: 'start'}); scrollBy(0, 40)"
                                 % json.dumps(target[1:]))
                marked = browser.wait_for("[...document.querySelectorAll(%s)].every(a => a.getAttribute('aria-current'))"
                                          " && document.querySelectorAll('[aria-current=location]').length === %d"
                                          % (json.dumps(where + " a[href='" + target + "']"), 2))
                visible = browser.evaluate("(() => { const a = [...document.querySelectorAll(%s)].find(a => a.offsetParent);"
                                           " const box = a.closest('.toc, .sidebar').getBoundingClientRect(); const r = a.getBoundingClientRect();"
                                           " return r.top >= box.top && r.bottom <= Math.min(box.bottom, innerHeight); })()"
                                           % json.dumps(where + " a[href='" + target + "']"))
                checks.check("at %d px the table of contents marks the section being read (%s), in view" % (width, target),
                             marked and visible, browser.evaluate("[...document.querySelectorAll('[aria-current=location]')].map(a => a.getAttribute('href'))"))
                if width == 1280:
                    browser.screenshot(os.path.join(screenshots, "contents-1280.png") if screenshots else None)
            browser.send("Emulation.clearDeviceMetricsOverride")

        def arrival():
            # A link to an exercise opens the chapter there at once: no animated scroll through the chapter.
            last = max((e for e in entries if e["kind"] == "exercise"), key=lambda e: exercise_depth(site, e["url"]))
            browser.open(base + last["url"])
            anchor = last["url"].split("#")[1]
            first = browser.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>"
                                     " done(Math.round(document.getElementById(%s).getBoundingClientRect().top)))))" % json.dumps(anchor))
            checks.check("a link to an exercise far down a chapter lands there at once (%s)" % last["url"], 0 <= first < 160, first)

        def counts():
            # With the learner's progress, each chapter's count in the sidebar keeps to its chapter's first line.
            browser.send("Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1, mobile=False)
            browser.open(base + chapter_page)
            wrong = browser.evaluate(
                "[...document.querySelectorAll('.chapter-list > li > a')].filter(a => a.querySelector('.chapter-progress')).map(a => {"
                " const r = a.getBoundingClientRect(), c = a.querySelector('.chapter-progress').getBoundingClientRect(),"
                " t = (a.querySelector('.chapter-title') || a.querySelector('.chapter-number')).getClientRects()[0];"
                " return (c.bottom <= r.bottom + 1 && c.right <= r.right + 1 && Math.abs(c.top - t.top) < t.height) ? null : a.textContent.trim(); })"
                ".filter(Boolean)")
            shown = browser.evaluate("document.querySelectorAll('.chapter-progress').length")
            checks.check("at 1280 px the sidebar's counts stay on their chapter's row (%d counts)" % shown, not wrong, wrong[:3])
            browser.send("Emulation.clearDeviceMetricsOverride")

        def more_results():
            # Search says how many sections match and shows every one of them on request. The count is the
            # index's own: every entry with a word (title, text, names or id) that starts with the query.
            def matching(query):
                starts = re.compile(r"(?<![\w])" + re.escape(query), re.I)
                return sum(1 for e in entries
                           if starts.search(" ".join([e["title"], e.get("text", ""), e.get("names", ""), e.get("id", "")])))
            query = max(("spec", "mock", "the"), key=matching)
            total = matching(query)
            browser.open(base + "index.html")
            rows = search_for(query)
            said = browser.evaluate("document.getElementById('search-status').textContent")
            checks.check("search for '%s' says how many sections match (%d)" % (query, total), str(total) in said, said)
            if total > len(rows):
                button = browser.evaluate("document.querySelector('.search-more button')?.textContent || ''")
                checks.check("'%s': a button offers all %d results" % (query, total), str(total) in button, button)
                browser.evaluate("document.querySelector('.search-more button').click()")
            after = browser.evaluate("document.querySelectorAll('#search-results a').length")
            checks.check("'%s': every one of the %d results can be shown" % (query, total), after == total, after)

        def copy_announced():
            # "Copied" is said to a screen reader, not only drawn on the button.
            browser.open(base + chapter_page)
            browser.click("button.copy")
            said = browser.wait_for("(document.querySelector('[role=status].copy-status')?.textContent || '') !== ''")
            text = browser.evaluate("[document.querySelector('[role=status].copy-status')?.textContent, document.querySelector('button.copy').textContent]")
            checks.check("the copy button's outcome is announced (%s)" % text[0], said and text[0] == text[1], text)

        checks.section('The index, light, as the system says', section_0)
        checks.section('Search finds the exercise by its name, and the result leads to it', section_1)
        checks.section('A chapter', section_2)
        checks.section('Code fits', code_fits)
        checks.section('Theme', section_3)
        checks.section('Keys, the search field, U+FFEB, favicon, 404, documents', details)
        checks.section('A phone', section_4)
        checks.section('The layout stands still between pages', layout)
        checks.section('The table of contents', contents)
        checks.section('Opening an exercise link', arrival)
        if has_progress:
            checks.section('Progress in the sidebar', counts)
        checks.section('All the results of a search', more_results)
        checks.section('The copy button is announced', copy_announced)
        checks.section('Print', section_5)

        checks.check("no script threw an exception", not browser.exceptions(), browser.exceptions()[:1])
        checks.check("the pages asked for nothing outside the site, with the network off", not browser.outside_requests(),
                     browser.outside_requests()[:3])
    finally:
        browser.close()
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return checks.failed == 0


def interface_fragments(table, other):
    """The words of a strings table a reader would recognise: each piece of a string between its
    placeholders, of 4 characters or more, that the other table does not say the same way."""
    fragments = set()
    for key, value in table.items():
        if key in ("about", "language") or other.get(key) == value:
            continue
        for piece in re.split(r"\{[A-Za-z]+\}", value):
            piece = piece.strip(" .,:;()\u00b7")
            if len(piece) >= 4 and re.search(r"[A-Za-z]", piece):
                fragments.add(piece)
    return sorted(fragments)


def read_strings(folder):
    with open(os.path.join(folder, "assets", "strings.js"), encoding="utf-8") as handle:
        text = handle.read()
    return json.loads(text[text.index("{"):text.rindex("}") + 1])


# The text of a page's interface: everything but the chapter's own words (prose, headings' text, code,
# tables), and the labels a screen reader says (aria-label, title, placeholder).
INTERFACE_TEXT = """(() => {
  const clone = document.body.cloneNode(true);
  clone.querySelectorAll('main p, main li, main pre, main code, main table, main blockquote, main h1, main h2, main h3, main h4, main .card-title, .sidebar-exercise-title, .sidebar a, .pager-title, .toc a, .index-chapter a, .site-title, .hint-body, .result-title')
    .forEach(e => e.remove());
  const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
    .flatMap(e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')]).filter(Boolean);
  return [clone.innerText, ...labels, document.title].join('\\n');
})()"""


def run_edition(site, code, screenshots):
    """The site's edition in another language (`site/<code>/`): its language, the switch between the
    editions, hreflang links, search in that language, and no interface words of the source's."""
    site = os.path.abspath(site)
    edition = os.path.join(site, code)
    english, translated = read_strings(site), read_strings(edition)
    fragments = interface_fragments(english, translated)
    with open(os.path.join(edition, "search-index.json"), encoding="utf-8") as handle:
        entries = json.load(handle)["entries"]
    chapter_page = next(e["url"] for e in entries if e["kind"] == "chapter" and e["url"][:2] == "04")
    documents = sorted({e["url"].split("#")[0] for e in entries if e["kind"] == "page"})
    base = "file://" + site + "/"
    checks = Checks()
    browser = Browser()
    try:
        def switch():
            browser.open(base + chapter_page)
            link = browser.evaluate("document.querySelector('.language-switch a[hreflang=%s]')?.getAttribute('href')" % json.dumps(code))
            checks.check("an English page links to the same page in %s" % code, link == code + "/" + chapter_page, link)
            browser.click(".language-switch a[hreflang=%s]" % json.dumps(code))
            arrived = browser.wait_for("location.href.endsWith(%s) && document.readyState === 'complete'" % json.dumps("/" + code + "/" + chapter_page))
            checks.check("the switch opens the same chapter in %s" % code, arrived, browser.evaluate("location.href"))
            checks.check("the page says its language: <html lang=%s>" % code,
                         browser.evaluate("document.documentElement.lang") == code)
            alternates = browser.evaluate("[...document.querySelectorAll('link[rel=alternate][hreflang]')].map(l => [l.hreflang, l.getAttribute('href')])")
            checks.check("hreflang links name both editions of the page", sorted(a[0] for a in alternates) == sorted(["en", code])
                         and ["en", "../" + chapter_page] in alternates, alternates)
            checks.check("the current language is marked in the switch",
                         browser.evaluate("document.querySelector('.language-switch [aria-current]')?.lang") == code)
            browser.click(".language-switch a[hreflang=en]")
            back = browser.wait_for("location.href.endsWith(%s) && !location.href.includes(%s)" % (json.dumps("/" + chapter_page), json.dumps("/" + code + "/")))
            checks.check("the switch leads back to the English chapter", back and browser.evaluate("document.documentElement.lang") == "en",
                         browser.evaluate("location.href"))

        def place():
            # The switch keeps the reader's place: the exercise being read, or the section.
            exercise = next(e for e in entries if e["kind"] == "exercise" and e["url"].startswith(chapter_page + "#"))
            browser.open(base + exercise["url"])
            link = browser.wait_for("document.querySelector('.language-switch a').getAttribute('href').endsWith(%s)"
                                    % json.dumps("#" + exercise["url"].split("#")[1]))
            checks.check("on an exercise, the switch opens the same exercise in %s" % code, link,
                         browser.evaluate("document.querySelector('.language-switch a').getAttribute('href')"))
            sections = browser.evaluate("[...document.querySelectorAll('main h2[id]')].filter(h => !h.querySelector('.exercise-anchor')).map(h => h.id)")
            target = sections[len(sections) // 2]
            browser.evaluate("document.getElementById(%s).scrollIntoView({block: 'start'}); scrollBy(0, 60)" % json.dumps(target))
            browser.wait_for("document.querySelector('.language-switch a').getAttribute('href').endsWith(%s)" % json.dumps("#" + target))
            href = browser.evaluate("document.querySelector('.language-switch a').getAttribute('href')")
            browser.evaluate("document.querySelector('.language-switch a').click()")
            arrived = browser.wait_for("location.href.includes('/%s/') && document.readyState === 'complete'" % code)
            landed = browser.evaluate(
                "(() => { const e = document.getElementById(decodeURIComponent(location.hash.slice(1))); const h = e && e.closest('h2');"
                " return h ? [h.getAttribute('data-source-anchor'), Math.round(h.getBoundingClientRect().top)] : null; })()")
            checks.check("in a section, the switch opens %s at the same section (%s)" % (code, target),
                         arrived and landed and landed[0] == target and 0 <= landed[1] < 160, (href, landed))
            # The switch follows the section being read once the page has scrolled to it: wait for that, then look.
            browser.wait_for("document.querySelector('.language-switch a').getAttribute('href').endsWith(%s)" % json.dumps("#" + target))
            back = browser.evaluate("document.querySelector('.language-switch a').getAttribute('href')")
            checks.check("and the switch back leads to that section in English", back.endswith("#" + target), back)

        def search():
            browser.open(base + code + "/index.html")
            for query in ("模拟对象", "存根", "变异体", "钩"):
                browser.click("#search-input")
                browser.evaluate("document.getElementById('search-input').value = ''")
                browser.send("Input.insertText", text=query)
                browser.wait_for("document.querySelector('#search-results li')")
                rows = browser.evaluate("[...document.querySelectorAll('#search-results a')].map(a => ({title: a.querySelector('.result-title').textContent,"
                                        " href: a.getAttribute('href'), marks: [...a.querySelectorAll('mark')].map(m => m.textContent)}))")
                marked = [r for r in rows if any(query in m for m in r["marks"])]
                checks.check("searching the Chinese edition for '%s' finds sections, with the word marked whole" % query,
                             len(rows) >= 2 and len(marked) >= 1, rows[:2])
                # A mark is the word or a piece of it, never more: 存根告 for 存根 is wrong.
                past = sorted({m for r in rows for m in r["marks"] if m not in query})
                checks.check("no mark for '%s' runs past the word (%d marks)" % (query, sum(len(r["marks"]) for r in rows)),
                             not past, past[:5])
            browser.screenshot(os.path.join(screenshots, "search-%s.png" % code) if screenshots else None)
            rows = browser.evaluate("[...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href'))")
            browser.click("#search-results a")
            browser.wait_for("location.href.endsWith(%s) && document.readyState === 'complete'" % json.dumps(rows[0]))
            checks.check("the page a Chinese search opens marks the word",
                         browser.wait_for("[...document.querySelectorAll('mark.search-hit')].some(m => m.textContent.includes('钩'))"))
            past = browser.evaluate("[...document.querySelectorAll('mark.search-hit')].map(m => m.textContent).filter(t => t !== '钩')")
            checks.check("the marks on the page it opens are the word alone", not past, past[:5])

        def languages():
            # A page says which language its words are in: the Chinese edition's documents are English.
            for page in documents:
                browser.open(base + code + "/" + page)
                said = browser.evaluate("[document.documentElement.lang, document.querySelector('main h1').closest('[lang]').lang,"
                                        " document.querySelector('.chapter-kicker').closest('[lang]').lang]")
                checks.check("%s/%s: the English document is marked lang=en in a %s page" % (code, page, code),
                             said == [code, "en", code], said)
            browser.open(base + code + "/" + chapter_page)
            checks.check("%s/%s: a translated chapter is in %s" % (code, chapter_page, code),
                         browser.evaluate("document.querySelector('main h1').closest('[lang]').lang") == code)

        def words():
            for page in ("index.html", chapter_page, "404.html", "print.html"):
                browser.open(base + code + "/" + page)
                text = browser.evaluate(INTERFACE_TEXT)
                found = [f for f in fragments if re.search(r"(?<![A-Za-z])" + re.escape(f) + r"(?![A-Za-z])", text)]
                checks.check("no English interface words on %s/%s (%d checked)" % (code, page, len(fragments)), not found, found[:5])

        def pictures():
            browser.send("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "light"}])
            browser.open(base + code + "/" + chapter_page)
            ink, colours = ink_fraction(browser.screenshot(os.path.join(screenshots, "chapter-%s.png" % code) if screenshots else None))
            checks.check("the Chinese chapter screenshot is not blank", ink > 0.02 and colours > 8, "ink %.3f, %d colours" % (ink, colours))
            browser.send("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1, mobile=True)
            pages = sorted(name for name in os.listdir(edition) if name.endswith(".html"))
            wide = phone_widths(browser, base + code + "/", pages)
            checks.check("at 390 px no page of the %s edition scrolls sideways (%d pages)" % (code, len(pages)), not wide, wide[:4])
            browser.open(base + code + "/" + chapter_page)
            browser.screenshot(os.path.join(screenshots, "phone-%s.png" % code) if screenshots else None)
            browser.send("Emulation.clearDeviceMetricsOverride")

        checks.section("The language switch and hreflang links", switch)
        checks.section("The language switch keeps the reader's place", place)
        checks.section("Pages say their words' language", languages)
        checks.section("Search in Chinese", search)
        checks.section("No English interface words", words)
        checks.section("Screenshots", pictures)
        checks.check("no script threw an exception", not browser.exceptions(), browser.exceptions()[:1])
        checks.check("the pages asked for nothing outside the site, with the network off", not browser.outside_requests(),
                     browser.outside_requests()[:3])
    finally:
        browser.close()
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return checks.failed == 0


def run_instructor(site):
    """An instructor's build (`--with-solutions`): every page says so, above everything else."""
    site = os.path.abspath(site)
    base = "file://" + site + "/"
    pages = sorted(name for name in os.listdir(site) if name.endswith(".html"))
    checks = Checks()
    browser = Browser()
    try:
        def note():
            unmarked = []
            for page in pages:
                browser.open(base + page)
                said = browser.evaluate("(() => { const n = document.querySelector('.instructor-note');"
                                        " return n && n.offsetHeight > 0 && n.getBoundingClientRect().top < 60 ? n.textContent : null; })()")
                if not said:
                    unmarked.append(page)
            checks.check("every page of an instructor's build says it is one, at the top (%d pages)" % len(pages), not unmarked, unmarked[:3])
            browser.open(base + next(p for p in pages if p[:1].isdigit()))
            checks.check("and its pages hold the reference solutions", browser.evaluate("document.querySelectorAll('details.solution').length") > 0)
            browser.send("Emulation.setEmulatedMedia", media="print")
            checks.check("it says so on paper too", browser.evaluate("getComputedStyle(document.querySelector('.instructor-note')).display") != "none")
            browser.send("Emulation.setEmulatedMedia", media="")

        checks.section("The instructor's build", note)
        checks.check("no script threw an exception", not browser.exceptions(), browser.exceptions()[:1])
    finally:
        browser.close()
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return checks.failed == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True, help="the folder kata build-site wrote")
    parser.add_argument("--screenshots", help="keep the screenshots in this folder")
    parser.add_argument("--print-book", action="store_true",
                        help="also print print.html to PDF (slow for a big workbook: tens of seconds)")
    parser.add_argument("--edition", metavar="CODE",
                        help="check the site's edition in this language (site/CODE/) instead: its switch, search and words")
    parser.add_argument("--instructor", action="store_true",
                        help="check an instructor's build (--with-solutions) instead: that every page says it is one")
    arguments = parser.parse_args()
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    if arguments.instructor:
        sys.exit(0 if run_instructor(arguments.site) else 1)
    if arguments.edition:
        sys.exit(0 if run_edition(arguments.site, arguments.edition, arguments.screenshots) else 1)
    sys.exit(0 if run(arguments.site, arguments.screenshots, arguments.print_book) else 1)


if __name__ == "__main__":
    main()

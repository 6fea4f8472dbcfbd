/* blogpager.js: two-way loading over a cursor-paged static archive.
 * Plain JavaScript, no dependencies. The page is already rendered on the
 * server; this only adds pages above and below it as the reader scrolls. */
(function () {
  'use strict';
  var feed = document.querySelector('.bp-feed');
  if (!feed || !window.fetch || !window.IntersectionObserver || !window.history.replaceState) return;

  var MARGIN = 1200;     // prefetch distance in px, above and below the viewport
  var KEEP = 1;          // loaded pages kept on each side of the page in view
  var RECHECK = 300000;  // ms between checks of index.json for new entries
  var root = document.documentElement;
  // The index: its parts, each with its pages once known (inline, or fetched once: parts are immutable).
  var index = null, positions = {}, setSize = 0, oldestFirst = false;
  var partRequests = {}, firstCursors = {};
  var state = { newer: 'idle', older: 'idle' };
  var ui = {}, saveTimer = 0, titleCount = 0, pendingIndex = null;

  // The page's words where it is not in English (`#bp-strings`, from the site's i18n files), each with its blanks filled.
  var words = (function () { try { return JSON.parse(document.getElementById('bp-strings').textContent); } catch (e) { return {}; } })();
  function say(key, english, fills) {
    var text = words[key] || english;
    for (var name in fills || {}) text = text.split('{' + name + '}').join(fills[name]);
    return text;
  }

  root.classList.add('bp-js');
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  // After Back or a reload, the entry the reader was on is on this page as served: put it back
  // where it was now, before the first frame is drawn, not once the index has come.
  scrollToSaved(history.state && history.state.blogpager);

  // ---- small helpers -------------------------------------------------------
  // The feed holds pages (`[data-page]`: our sections, or copies of a theme's own list element, `ul`, a grid, a
  // table's `tbody`), and each page its entries (`[data-url]`: articles, or a theme's `li`, `div`, `tr`).
  function sections() { return Array.prototype.slice.call(feed.querySelectorAll(':scope > [data-page]')); }
  function articles(scope) { return Array.prototype.slice.call((scope || feed).querySelectorAll(scope ? ':scope > [data-url]' : ':scope > [data-page] > [data-url]')); }
  function entry(url) { return feed.querySelector(':scope > [data-page] > [data-url="' + CSS.escape(url) + '"]'); }
  function shownPage(id) { return feed.querySelector(':scope > [data-page="' + CSS.escape(id) + '"]'); }
  // A page far from view becomes a spacer of its height: a table's row group keeps one row of one cell across it.
  function emptyInto(section, height) {
    var columns = 0;
    if (section.tagName === 'TBODY') Array.prototype.forEach.call(section.rows, function (row) {
      var count = 0;
      Array.prototype.forEach.call(row.cells, function (cell) { count += cell.colSpan; });
      columns = Math.max(columns, count);
    });
    section.replaceChildren();
    if (section.tagName === 'TBODY') {
      var row = document.createElement('tr'), cell = document.createElement('td');
      cell.colSpan = Math.max(1, columns);
      cell.style.padding = '0';
      cell.style.border = '0';
      row.appendChild(cell);
      section.appendChild(row);
    }
    setHeight(section, height);
  }
  function setHeight(spacer, height) {
    spacer.style.height = height + 'px';
    var cell = spacer.tagName === 'TBODY' && spacer.querySelector('td');
    if (cell) cell.style.height = height + 'px';
  }
  function pageOf(section) {
    var at = positions[section.getAttribute('data-page')];
    return at === undefined ? null : pageAt(at);
  }
  function emit(name, detail) { feed.dispatchEvent(new CustomEvent('blogpager:' + name, { detail: detail, bubbles: true })); }
  // The direction that is drawn at the top of the screen.
  function topDirection() { return oldestFirst ? 'older' : 'newer'; }
  function bottomDirection() { return oldestFirst ? 'newer' : 'older'; }
  function edgeSection(direction) {
    var all = sections();
    return direction === topDirection() ? all[0] : all[all.length - 1];
  }
  function bytes(text) { return new TextEncoder().encode(text); }
  // < 0 when cursor a comes before b in the archive (newer first, then slug bytes).
  function compareCursors(a, b) {
    var byTime = Date.parse(b.date) - Date.parse(a.date);
    if (byTime) return byTime;
    var x = bytes(a.slug), y = bytes(b.slug);
    for (var i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }

  // A theme may ask for smooth scrolling (`scroll-behavior: smooth`), and a reader for less
  // motion: the loader's own scrolls (keeping the entry in view in place, a jump to a month)
  // must land in the frame they are made in, so they are always made instantly.
  function instantly(scroll) {
    var style = root.style, was = style.scrollBehavior;
    style.scrollBehavior = 'auto';
    scroll();
    style.scrollBehavior = was;
  }
  function scrollByInstantly(dy) { instantly(function () { window.scrollBy(0, dy); }); }

  // The article at the top of the view, and where it is: what must not move.
  function anchor() {
    var list = articles();
    for (var i = 0; i < list.length; i++) {
      var box = list[i].getBoundingClientRect();
      if (box.bottom > 0) return { element: list[i], top: box.top };
    }
    return null;
  }
  // The article the reader is reading, and where it is: the first to start in the top third of the
  // view, else the one across the reading line a third of the way down. Its page is the one the
  // address bar names: the article at the very top may be the last lines of the page before.
  function reading() {
    var list = articles(), line = window.innerHeight / 3;
    for (var i = 0; i < list.length; i++) {
      var box = list[i].getBoundingClientRect();
      if (box.bottom <= 0) continue;
      if (box.top >= -1 && box.top < line) return { element: list[i], top: box.top };
      if (box.bottom > line) return { element: list[i], top: box.top };
    }
    return anchor();
  }
  // Runs a DOM change and scrolls by however much it moved the anchor. Until the
  // reader scrolls, every correction aims at the same (fractional) place, so
  // engines that round scroll offsets to whole pixels do not add up errors.
  var pinned = null;
  function keepInPlace(change) {
    var before = pinned && pinned.element.isConnected && pinned.scrollY === window.scrollY ? pinned : anchor();
    var url = before && before.element.getAttribute('data-url');
    change();
    // The anchor's section may have been replaced: follow the same entry.
    var element = before && (before.element.isConnected ? before.element
      : entry(url));
    if (!element) { pinned = null; return; }
    var shift = element.getBoundingClientRect().top - before.top;
    if (Math.abs(shift) >= 0.5) scrollByInstantly(shift);
    pinned = { element: element, top: before.top, scrollY: window.scrollY };
    rest();
  }

  // Content that changes size on its own (an image without a size, an embed): where the
  // entry in view was after the last scroll or change of ours, and a ResizeObserver that,
  // when something above it grows or shrinks, puts it back there before the frame is drawn.
  var resting = null;
  function rest() {
    var here = anchor();
    resting = here && { element: here.element, top: here.top, scrollY: window.scrollY };
  }
  var resizes = window.ResizeObserver ? new ResizeObserver(function () {
    if (resting && resting.element.isConnected && resting.scrollY === window.scrollY) {
      var shift = resting.element.getBoundingClientRect().top - resting.top;
      if (Math.abs(shift) >= 0.5) scrollByInstantly(shift);
    }
    rest();
  }) : null;

  // ---- status regions, buttons and states ----------------------------------
  // The page holds a box of the status's height above and below the feed, so that
  // taking it over moves nothing; a template without them gets new ones.
  function makeStatus(direction, place) {
    var box = document.querySelector('.bp-status-' + place) || document.createElement('div');
    box.classList.add('bp-status', 'bp-status-' + place, 'bp-status-' + direction);
    box.setAttribute('role', 'status');
    var text = document.createElement('span');
    var button = document.createElement('button');
    button.type = 'button';
    button.addEventListener('click', function () { load(direction, true); });
    box.appendChild(text);
    box.appendChild(button);
    ui[direction] = { box: box, text: text, button: button };
    return box;
  }
  function setState(direction, next, detail) {
    state[direction] = next;
    // The status above the feed changes height with its text: keep the reader's place.
    keepInPlace(function () { showState(direction, next); });
    feed.setAttribute('aria-busy', state.newer === 'loading' || state.older === 'loading' ? 'true' : 'false');
    if (next === 'end') emit(direction === 'newer' ? 'reachstart' : 'reachend', { page: detail });
  }
  function showState(direction, next) {
    var parts = ui[direction], newer = direction === 'newer';
    parts.box.setAttribute('data-state', next);
    parts.text.textContent = {
      idle: '', loading: newer ? say('loading_newer', 'Loading newer entries…') : say('loading_older', 'Loading older entries…'),
      error: newer ? say('error_newer', 'Could not load newer entries.') : say('error_older', 'Could not load older entries.'),
      end: newer ? say('end_newer', 'These are the newest entries.') : say('end_older', 'You have reached the beginning of the archive.')
    }[next];
    parts.button.hidden = next === 'loading' || next === 'end';
    parts.button.textContent = next === 'error' ? say('retry', 'Retry') : (newer ? say('load_newer', 'Load newer entries') : say('load_older', 'Load older entries'));
  }

  // ---- fragments ---------------------------------------------------------------
  function fetchSection(page) {
    return fetch(page.fragment, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + page.fragment);
      return response.text();
    }).then(function (html) {
      var template = document.createElement('template');
      template.innerHTML = html.trim();
      var section = template.content.querySelector('[data-page]');
      if (!section || section.getAttribute('data-page') !== page.id) throw new Error('unexpected fragment ' + page.fragment);
      return section;
    });
  }
  // Order, ARIA attributes and de-duplication against what is shown, right before inserting.
  function prepare(section) {
    var page = pageOf(section), list = articles(section), seen = {};
    if (resizes) resizes.observe(section);
    if (page) section.setAttribute('data-fragment', page.fragment);
    articles().forEach(function (article) { if (!section.contains(article)) seen[article.getAttribute('data-url')] = true; });
    var first = page ? page.position : 0;
    list.forEach(function (article, i) {
      if (seen[article.getAttribute('data-url')]) { article.remove(); return; }
      article.setAttribute('tabindex', '0');
      // A theme's `div` is an article of the feed; its `li` and `tr` keep their list's and table's roles, which take a place in the set too.
      if (article.tagName === 'DIV') article.setAttribute('role', 'article');
      article.setAttribute('aria-posinset', String(oldestFirst ? setSize - first - i : first + i + 1));
      article.setAttribute('aria-setsize', String(setSize));
      var title = article.querySelector('.entry-title') || article.querySelector('h1, h2, h3, h4, h5, h6') || article.querySelector('a[href]');
      if (title) {
        if (!title.id) title.id = 'bp-title-' + (++titleCount);
        article.setAttribute('aria-labelledby', title.id);
      }
    });
    if (oldestFirst && !section.hasAttribute('data-reversed')) {
      list.reverse().forEach(function (article) { if (article.isConnected || article.parentNode) section.appendChild(article); });
      section.setAttribute('data-reversed', '');
    }
  }

  // ---- loading in one direction ------------------------------------------------
  function load(direction, byUser) {
    // After a failure only Retry (or another button press) loads again: no silent hammering.
    if (!index || state[direction] === 'loading') return;
    if ((state[direction] === 'end' || state[direction] === 'error') && !byUser) return;
    var edge = edgeSection(direction), page = edge && pageOf(edge);
    if (!page) return;
    if (!page[direction]) { setState(direction, 'end', page.id); return; }
    // Pages are numbered across parts; the neighbour may be the first page of the next part.
    var at = positions[page.id] + (direction === 'newer' ? -1 : 1), next = null, trip = trips;
    setState(direction, 'loading');
    ensurePart(partAt(at)).then(function () {
      next = pageAt(at);
      if (shownPage(next.id)) return null;
      return fetchSection(next);
    }).then(function (section) {
      // A trip to another month while this page was on its way: it no longer borders the pages shown.
      if (!section || trip !== trips) { setState(direction, 'idle'); return; }
      keepInPlace(function () {
        prepare(section);
        if (direction === topDirection()) feed.insertBefore(section, sections()[0]);
        else feed.insertBefore(section, null);
      });
      // Once the place is kept: a page added above moves the view down first.
      shrinkRoom();
      setState(direction, 'idle');
      emit('pageload', { page: next.id, direction: direction, count: articles(section).length });
      if (!next[direction]) setState(direction, 'end', next.id);
      trim();
      afterLayout(checkEdges);
    }, function (error) {
      setState(direction, 'error');
      emit('loaderror', { page: next ? next.id : null, direction: direction, error: String(error) });
    });
  }
  function afterLayout(task) { requestAnimationFrame(function () { requestAnimationFrame(task); }); }

  // Loads again when a sentinel is still in range after a load (observers only report changes).
  function checkEdges() {
    var height = window.innerHeight;
    if (state[topDirection()] === 'idle' && ui.top.getBoundingClientRect().bottom > -MARGIN) load(topDirection());
    var bottom = bottomDirection();
    if (state[bottom] === 'idle' && ui.bottom.getBoundingClientRect().top < height + MARGIN) load(bottom);
  }

  // ---- keeping the DOM small: far pages become spacers of their measured height --
  function trim() {
    var list = sections(), here = anchor();
    if (!here) return;
    var center = list.indexOf(here.element.closest('[data-page]'));
    if (center < 0) return;
    var height = window.innerHeight;
    list.forEach(function (section, i) {
      if (Math.abs(i - center) <= KEEP || section.hasAttribute('data-unloaded')) return;
      var box = section.getBoundingClientRect();
      // Half as far again as the prefetch margin, so a spacer is not reloaded right after.
      if (box.bottom < -1.5 * MARGIN || box.top > height + 1.5 * MARGIN) {
        keepInPlace(function () {
          // Measured before it is marked: an unloaded page is contained, and measures nothing of what it held.
          var height = section.getBoundingClientRect().height;
          section.setAttribute('data-unloaded', '');
          emptyInto(section, height);
        });
        observer.observe(section);
      }
    });
    mergeSpacers(center);
  }
  // Next to each other, spacers become one (its pages listed from the outer edge in, with their
  // heights), so the document does not grow with the archive: one element however many pages.
  function spacerPages(spacer) {
    var ids = (spacer.getAttribute('data-pages') || spacer.getAttribute('data-page')).split(' ');
    var heights = (spacer.getAttribute('data-heights') || String(parseFloat(spacer.style.height))).split(' ').map(Number);
    return { ids: ids, heights: heights };
  }
  function setSpacerPages(spacer, pages) {
    spacer.setAttribute('data-page', pages.ids[0]);
    spacer.setAttribute('data-pages', pages.ids.join(' '));
    spacer.setAttribute('data-heights', pages.heights.join(' '));
    setHeight(spacer, pages.heights.reduce(function (sum, h) { return sum + h; }, 0));
  }
  function mergeSpacers(center) {
    var list = sections();
    keepInPlace(function () {
      for (var i = 1; i < list.length; i++) {
        var outer = i <= center ? list[i - 1] : list[i], inner = i <= center ? list[i] : list[i - 1];
        if (!outer.hasAttribute('data-unloaded') || !inner.hasAttribute('data-unloaded') || inner.hasAttribute('data-reloading')) continue;
        var merged = spacerPages(outer), added = spacerPages(inner);
        setSpacerPages(outer, { ids: merged.ids.concat(added.ids), heights: merged.heights.concat(added.heights) });
        observer.unobserve(inner);
        inner.remove();
        if (i <= center) { list.splice(i, 1); i--; center--; } else { list.splice(i - 1, 1); i--; }
      }
    });
  }
  // A spacer of several pages gives back the one nearest the pages shown, to load it.
  function splitSpacer(spacer) {
    var pages = spacerPages(spacer);
    if (pages.ids.length < 2) return spacer;
    var id = pages.ids.pop(), height = pages.heights.pop(), page = pageAt(positions[id]);
    var single = document.createElement(spacer.tagName.toLowerCase());
    single.className = spacer.className;
    single.setAttribute('data-page', id);
    if (page) single.setAttribute('data-url', page.url);
    single.setAttribute('data-unloaded', '');
    emptyInto(single, height);
    var above = spacer.getBoundingClientRect().top < 0;
    keepInPlace(function () {
      setSpacerPages(spacer, pages);
      spacer.parentNode.insertBefore(single, above ? spacer.nextSibling : spacer);
    });
    // The rest may be in range already, and an observer reports only changes: observed afresh, it is reported as it is now.
    observer.unobserve(spacer);
    observer.observe(spacer);
    return single;
  }
  function reload(section) {
    section = splitSpacer(section);
    var page = pageOf(section);
    if (!page || section.hasAttribute('data-reloading')) return;
    section.setAttribute('data-reloading', '');
    fetchSection(page).then(function (fresh) {
      section.removeAttribute('data-reloading');
      if (!section.isConnected) return;
      observer.unobserve(section);
      keepInPlace(function () {
        prepare(fresh);
        section.replaceChildren.apply(section, Array.prototype.slice.call(fresh.childNodes));
        section.removeAttribute('data-unloaded');
        section.style.height = '';
      });
      trim();
    }, function () { section.removeAttribute('data-reloading'); });
  }

  // ---- the address bar follows the page in view; reload and Back come back here --
  function saveSoon() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(function () {
      // The page at the reading line, and its entry there, whose place a reload and Back restore.
      var here = reading();
      if (!here) return;
      var section = here.element.closest('[data-page]');
      var url = section && section.getAttribute('data-url');
      if (!url) return;
      var saved = { blogpager: { entry: here.element.getAttribute('data-url'), top: here.top } };
      // `?at=` opened the stream once; the page URL and the saved place take over.
      var search = location.search.replace(/([?&])at=[^&]*&?/, '$1').replace(/[?&]$/, '');
      history.replaceState(saved, '', url + search);
      remember(here.element);
      trim();
    }, 200);
  }

  // ---- where the reader left off: kept in this browser only (localStorage), never sent ----
  var placeKey = 'blogpager:place:' + feed.getAttribute('data-index');
  function remember(element) {
    var head = pageAt(0), section = element.closest('[data-page]');
    try {
      // On the newest page there is nothing to come back to.
      if (section && head && section.getAttribute('data-page') === head.id) localStorage.removeItem(placeKey);
      else localStorage.setItem(placeKey, JSON.stringify({ entry: element.getAttribute('data-url'), date: element.getAttribute('data-date') }));
    } catch (error) { /* storage off: nothing kept */ }
  }
  // On the stream's front page, opened afresh, offer the place left: a small notice fixed at the
  // bottom of the window (it moves nothing), which takes the reader there or goes away.
  function offerPlace() {
    var place = null;
    try { place = JSON.parse(localStorage.getItem(placeKey) || 'null'); } catch (error) { return; }
    if (!place || !place.entry || !place.date || location.search || location.hash) return;
    if (entry(place.entry)) return;
    var box = document.createElement('div'), go = document.createElement('button'), close = document.createElement('button');
    box.className = 'bp-continue';
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', say('continue_reading', 'Continue reading'));
    go.type = 'button';
    go.className = 'bp-continue-go';
    go.textContent = say('continue_where', 'Continue where you left off ({month})', { month: monthLabel(place.date.slice(0, 7)) });
    close.type = 'button';
    close.className = 'bp-continue-close';
    close.setAttribute('aria-label', say('dismiss', 'Dismiss'));
    close.textContent = '×';
    box.appendChild(go);
    box.appendChild(close);
    document.body.appendChild(box);
    close.addEventListener('click', function () {
      box.remove();
      try { localStorage.removeItem(placeKey); } catch (error) { /* nothing kept */ }
    });
    go.addEventListener('click', function () {
      box.remove();
      // A save still pending from the front page would forget the place while the trip runs.
      clearTimeout(saveTimer);
      var instant = Date.parse(place.date);
      trips++;
      jumpTo(function (date) { return Date.parse(date) <= instant; }).then(function (found) {
        var target = entry(place.entry) || found;
        if (!target) return;
        arrive(target);
        // Kept at once: a reader who leaves right away is offered the same place next time.
        remember(target);
      });
    });
  }
  // The entry a jump or a trip opened, brought to the top of the view and kept there.
  function bringToTop(element) {
    // To a whole pixel: an engine asked for a fraction may draw one frame at one pixel and
    // the next at the other.
    var y = Math.round(window.scrollY + element.getBoundingClientRect().top);
    makeRoom(y);
    instantly(function () { window.scrollTo(0, y); });
    var top = element.getBoundingClientRect().top;
    // Where it landed (aiming again at 0 would move it the fraction after the first frame).
    // Only the very end of the stream can keep it lower: nothing loads below it there.
    pinned = { element: element, top: Math.abs(top) < 1 ? top : 0, scrollY: window.scrollY };
  }
  // Room under the feed (padding on the status below it), so that an entry near the end of
  // what is loaded reaches the top of the view at once instead of rising when the next page
  // comes: that rise is a jump the reader sees. The pages loaded below take its place.
  var room = 0;
  function setRoom(height) {
    room = Math.max(0, Math.ceil(height));
    ui.bottom.style.paddingBottom = room ? room + 'px' : '';
  }
  // How much room a view whose top is at `y` needs. The status's own height is kept spare:
  // it shrinks when its button hides, and the page must not end above the view's bottom then.
  function roomFor(y) {
    var content = root.scrollHeight - room, status = ui.bottom.offsetHeight - room;
    return y + window.innerHeight - content + status;
  }
  function makeRoom(y) {
    if (!ui.bottom || state[bottomDirection()] === 'end') return;
    var lack = roomFor(y);
    if (lack > room) setRoom(lack);
  }
  // Only what is below the view goes, so nothing in view moves.
  function shrinkRoom() {
    if (room) setRoom(Math.min(room, roomFor(window.scrollY)));
  }
  function scrollToSaved(saved) {
    var target = saved && entry(saved.entry);
    if (!target) return false;
    var shift = target.getBoundingClientRect().top - saved.top;
    makeRoom(window.scrollY + shift);
    scrollByInstantly(shift);
    return true;
  }
  function restore(jumped) {
    if (scrollToSaved(history.state && history.state.blogpager)) return;
    if (jumped) { bringToTop(jumped); return; }
    if (location.hash) return;  // the browser scrolls to #slug itself
    var head = pageAt(0), showsNewest = head && shownPage(head.id);
    if (oldestFirst && showsNewest) instantly(function () { window.scrollTo(0, root.scrollHeight); });  // chat order starts at the newest
  }

  // ---- noticing new entries ----------------------------------------------------
  function fetchIndex() {
    return fetch(feed.getAttribute('data-index'), { cache: 'no-cache', credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status + ' for index');
      return response.json();
    });
  }
  // Takes a new index; parts it shares with the old one (same immutable URL) keep their pages.
  function adopt(next) {
    var known = {};
    if (index) index.parts.forEach(function (part) { if (part.url && part.pages) known[part.url] = part.pages; });
    index = next;
    positions = {};
    setSize = next.entries;
    var offset = 0, entryOffset = 0;
    next.parts.forEach(function (part) {
      part.offset = offset;
      part.entryOffset = entryOffset;
      offset += part.count;
      entryOffset += part.entries;
      if (!part.pages && known[part.url]) part.pages = known[part.url];
      if (part.pages) register(part);
    });
    oldestFirst = next.display_order === 'oldest-first';
  }
  function register(part) {
    var position = part.entryOffset;
    part.pages.forEach(function (page, i) {
      positions[page.id] = part.offset + i;
      page.position = position;
      position += page.count;
      firstCursors[page.id] = page.first;
    });
  }
  // The part holding page number `at` (pages counted from the newest, across parts).
  function partAt(at) {
    var low = 0, high = index.parts.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (index.parts[middle].offset <= at) low = middle; else high = middle - 1;
    }
    return low;
  }
  function pageAt(at) {
    var part = index.parts[partAt(at)];
    return part && part.pages ? part.pages[at - part.offset] || null : null;
  }
  // The first item (newest first) whose oldest entry passes `test`, else the last.
  function firstWhere(list, test) {
    var low = 0, high = list.length - 1;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (test(list[middle].last)) high = middle; else low = middle + 1;
    }
    return low;
  }
  // The part that holds (or would hold) an entry with this cursor.
  function partHolding(cursor) {
    return firstWhere(index.parts, function (last) { return compareCursors(last, cursor) >= 0; });
  }
  function ensurePart(number) {
    var part = index.parts[number];
    if (part.pages) return Promise.resolve(part);
    var url = part.url;
    if (!partRequests[url]) {
      partRequests[url] = fetch(url, { credentials: 'same-origin' }).then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + url);
        return response.json();
      }).then(function (file) { return file.pages; });
      partRequests[url].catch(function () { delete partRequests[url]; });
    }
    return partRequests[url].then(function (pages) {
      if (!part.pages) { part.pages = pages; register(part); }
      return part;
    });
  }
  // Any entry of a section places it; an emptied spacer is placed by what the index said of it.
  function sectionCursor(section) {
    var id = section.getAttribute('data-page'), article = articles(section)[0];
    if (firstCursors[id]) return firstCursors[id];
    return article && { date: article.getAttribute('data-date'), slug: article.getAttribute('data-slug') };
  }
  // Loads the parts that describe the sections on screen.
  function loadShownParts() {
    var wanted = {};
    sections().forEach(function (section) {
      var cursor = sectionCursor(section);
      if (cursor && index.parts.length) wanted[partHolding(cursor)] = true;
    });
    return Promise.all(Object.keys(wanted).map(function (number) { return ensurePart(Number(number)); }));
  }
  // What changes when the newest page changes: the head part's immutable URL, or its first fragment.
  function headKey(someIndex) {
    var part = someIndex.parts[0];
    return part ? part.url || part.pages[0].fragment : '';
  }
  function checkForNewEntries() {
    if (!index || document.visibilityState === 'hidden') return;
    fetchIndex().then(function (next) {
      // Entries published since: more of them, with a head page that is not the one we know.
      var count = next.entries - index.entries;
      if (count <= 0 || !next.parts.length || (index.parts.length && headKey(next) === headKey(index))) return;
      pendingIndex = next;
      keepInPlace(function () {
        ui.fresh.textContent = count === 1 ? say('new_entry', '{count} new entry', { count: count }) : say('new_entries', '{count} new entries', { count: count });
        ui.fresh.hidden = false;
      });
    }, function () { /* offline: try again later */ });
  }
  // Replaces pages that the new index no longer has by the pages now holding their entries.
  function showNewEntries() {
    var next = pendingIndex;
    if (!next) return;
    pendingIndex = null;
    keepInPlace(function () { ui.fresh.hidden = true; });
    var previousHead = pageAt(0);
    var showsHead = !!(previousHead && shownPage(previousHead.id));
    adopt(next);
    if (!showsHead) {
      // Reading further down: the new pages come when the reader scrolls up to them.
      if (state.newer === 'end') setState('newer', 'idle');
      loadShownParts();
      return;
    }
    // The parts from the head to the one holding the old head's oldest entry, and those on screen.
    var through = partHolding(previousHead.last), needed = [loadShownParts()];
    for (var number = 0; number <= through; number++) needed.push(ensurePart(number));
    Promise.all(needed).then(function () {
      // A page is stale when the new index lacks it or has other bytes for it.
      var current = {};
      var stale = sections().filter(function (section) {
        var page = pageOf(section);
        if (page && section.getAttribute('data-fragment') === page.fragment) { current[page.id] = true; return false; }
        return true;
      });
      var wanted = [];
      for (var at = 0; at < index.parts[through].offset + index.parts[through].count; at++) {
        var page = pageAt(at);
        // pages newer than the old head's oldest entry: the new entries and the rebuilt head
        if (!current[page.id] && compareCursors(page.last, previousHead.last) <= 0) wanted.push(page);
      }
      return Promise.all(wanted.map(fetchSection)).then(function (fresh) {
        keepInPlace(function () {
          stale.forEach(function (section) { section.remove(); });
          fresh.forEach(function (section) { prepare(section); feed.appendChild(section); });
          orderSections();
        });
        articles().forEach(function (article) { article.setAttribute('aria-setsize', String(setSize)); });
        setState('newer', 'idle');
        emit('pageload', { page: pageAt(0).id, direction: 'newer', count: fresh.length });
        afterLayout(checkEdges);
      });
    }).catch(function (error) { emit('loaderror', { page: null, direction: 'newer', error: String(error) }); });
  }
  // Puts the sections in display order, by their place in the index.
  function orderSections() {
    sections().sort(function (a, b) {
      var order = positions[a.getAttribute('data-page')] - positions[b.getAttribute('data-page')];
      return oldestFirst ? -order : order;
    }).forEach(function (section) { feed.appendChild(section); });
  }

  // ---- ?at=2016-05: open the stream at a date, from the index alone ------------------
  // The wanted place: the newest entry dated at or before the end of that year, month,
  // day (the author's own calendar, as the archive pages count them) or instant.
  function atTarget() {
    var match = /[?&]at=([^&]*)/.exec(location.search);
    if (!match) return null;
    var at = decodeURIComponent(match[1]);
    if (/^\d{4}(-\d{2}(-\d{2})?)?$/.test(at)) return function (date) { return date.slice(0, at.length) <= at; };
    var instant = Date.parse(at);
    return isNaN(instant) ? null : function (date) { return Date.parse(date) <= instant; };
  }
  // Binary search over the parts, then the pages of one part (newest first): the
  // first whose oldest entry is at or before the target holds the target. One
  // part and one fragment request at most.
  function jump() { return jumpTo(atTarget()); }
  function jumpTo(reached) {
    if (!reached || !index.parts.length) return Promise.resolve(null);
    function byDate(last) { return reached(last.date); }
    function within(section) {
      var list = articles(section);
      for (var i = 0; i < list.length; i++) if (reached(list[i].getAttribute('data-date'))) return list[i];
      return list[list.length - 1] || null;
    }
    var page = null;
    return ensurePart(firstWhere(index.parts, byDate)).then(function (part) {
      page = part.pages[firstWhere(part.pages, byDate)];
      var shown = shownPage(page.id);
      if (shown) return within(shown);
      return fetchSection(page).then(function (section) {
        sections().forEach(function (old) { old.remove(); });
        feed.appendChild(section);
        return within(section);
      });
    }).catch(function (error) {
      emit('loaderror', { page: page ? page.id : null, direction: null, error: String(error) });
      return null;
    });
  }

  // ---- the timeline: the stream's months on a rail, the one in view marked ------------
  // Like a phone's photo scrubber: drag or click a month, or use the keyboard, and the
  // stream opens there (one part and one fragment at most), then reads both ways.
  var timeline = null, trips = 0;
  function monthLabel(month) {
    var parts = month.split('-');
    try {
      return new Intl.DateTimeFormat(root.lang || undefined, { year: 'numeric', month: 'long', timeZone: 'UTC' })
        .format(new Date(Date.UTC(Number(parts[0]), Number(parts[1]) - 1, 1)));
    } catch (error) { return month; }
  }
  // A month stream has one month of its own: its rail shows the site's months (the main
  // stream's index says which), and a month other than its own opens the main stream there.
  // In our own list, and where a site's layouts include it (`blogpager/timeline.html`): never forced on a theme of its own.
  function startTimeline() {
    if (!feed.hasAttribute('data-timeline') && !document.querySelector('[data-bp-timeline]')) return;
    var other = index.stream && index.stream.timeline;
    if (!other) { buildTimeline(index.months || [], null); return; }
    fetch(other, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    }).then(function (main) {
      if (main && main.months && main.stream) buildTimeline(main.months, main.stream.url);
    }).catch(function () {});
  }
  function buildTimeline(months, elsewhere) {
    if (months.length < 2) return;
    // The rail reads like the stream: its top is the stream's top.
    var list = oldestFirst ? months.slice().reverse() : months.slice();
    var total = list.reduce(function (sum, month) { return sum + month[1]; }, 0), offset = 0, lastLabel = -1;
    var rail = document.createElement('div');
    rail.className = 'bp-timeline';
    rail.setAttribute('role', 'slider');
    rail.setAttribute('tabindex', '0');
    rail.setAttribute('aria-label', say('timeline', 'Timeline'));
    rail.setAttribute('aria-orientation', 'vertical');
    rail.setAttribute('aria-valuemin', '0');
    rail.setAttribute('aria-valuemax', String(list.length - 1));
    var positions = list.map(function (month, i) {
      var at = offset / total;
      // A year's label where its first month starts, unless the last label is too near.
      if ((i === 0 || month[0].slice(0, 4) !== list[i - 1][0].slice(0, 4)) && (lastLabel < 0 || at - lastLabel >= 0.05)) {
        var label = document.createElement('span');
        label.className = 'bp-timeline-year';
        label.setAttribute('aria-hidden', 'true');
        label.textContent = month[0].slice(0, 4);
        label.style.top = (at * 100) + '%';
        rail.appendChild(label);
        lastLabel = at;
      }
      offset += month[1];
      return at;
    });
    var marker = document.createElement('span');
    marker.className = 'bp-timeline-marker';
    marker.setAttribute('aria-hidden', 'true');
    rail.appendChild(marker);
    document.body.appendChild(rail);
    timeline = { rail: rail, marker: marker, list: list, positions: positions, total: total, now: -1, elsewhere: elsewhere };
    rail.addEventListener('keydown', function (event) {
      var step = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1, PageUp: -12, PageDown: 12 }[event.key];
      // Home is the newest month and End the oldest, whichever end of the rail each is drawn at.
      var newest = oldestFirst ? list.length - 1 : 0, oldest = list.length - 1 - newest;
      var to = event.key === 'Home' ? newest : event.key === 'End' ? oldest : step ? Math.max(0, Math.min(list.length - 1, timeline.now + step)) : null;
      if (to === null) return;
      event.preventDefault();
      travel(to);
    });
    // A click or a drag: the month under the pointer, by its share of the entries; the stream goes there on release.
    function monthAt(y) {
      var box = rail.getBoundingClientRect(), share = Math.max(0, Math.min(0.9999, (y - box.top) / box.height)), found = 0;
      for (var i = 0; i < positions.length; i++) if (positions[i] <= share) found = i;
      return found;
    }
    var dragging = false;
    rail.addEventListener('pointerdown', function (event) {
      dragging = true;
      if (rail.setPointerCapture) rail.setPointerCapture(event.pointerId);
      mark(monthAt(event.clientY));
      event.preventDefault();
    });
    rail.addEventListener('pointermove', function (event) { if (dragging) mark(monthAt(event.clientY)); });
    rail.addEventListener('pointerup', function (event) {
      if (!dragging) return;
      dragging = false;
      travel(monthAt(event.clientY));
    });
    showMonthInView();
  }
  // The rail's state: the month marked, as the slider's value and text.
  function mark(i) {
    if (!timeline || i < 0) return;
    timeline.now = i;
    timeline.rail.setAttribute('aria-valuenow', String(i));
    timeline.rail.setAttribute('aria-valuetext', monthLabel(timeline.list[i][0]));
    timeline.marker.style.top = (timeline.positions[i] * 100) + '%';
  }
  function showMonthInView() {
    var here = anchor();
    if (!timeline || !here) return;
    // At the very end of the stream the last entries cannot reach the top of the view: the rail's end is in view.
    var bottom = bottomDirection();
    if (state[bottom] === 'end' && window.scrollY + window.innerHeight >= root.scrollHeight - 2) { mark(timeline.list.length - 1); return; }
    // The entry the reader is on: the first with more than a sliver of it in view.
    var list = articles(), on = here.element;
    for (var j = list.indexOf(here.element); j >= 0 && j < list.length; j++) {
      if (list[j].getBoundingClientRect().bottom > 8) { on = list[j]; break; }
    }
    var month = (on.getAttribute('data-date') || '').slice(0, 7);
    for (var i = 0; i < timeline.list.length; i++) if (timeline.list[i][0] === month) { mark(i); return; }
  }
  function travel(i) {
    var month = timeline.list[i][0];
    mark(i);
    if (timeline.elsewhere && !(index.months || []).some(function (own) { return own[0] === month; })) {
      location.assign(timeline.elsewhere + '?at=' + month);
      return;
    }
    trips++;
    jumpTo(function (date) { return date.slice(0, 7) <= month; }).then(function (target) {
      if (!target) return;
      arrive(target);
      var url = new URL(location.href);
      url.searchParams.set('at', month);
      history.replaceState(history.state, '', url.pathname + url.search);
    });
  }
  // After a trip (the timeline, the place left): the pages shown are new, the entry at the top.
  function arrive(target) {
    sections().forEach(prepare);
    ['newer', 'older'].forEach(function (direction) {
      var edge = edgeSection(direction), page = edge && pageOf(edge);
      setState(direction, page && !page[direction] ? 'end' : 'idle', page && page.id);
    });
    bringToTop(target);
    rest();
    showMonthInView();
    afterLayout(checkEdges);
  }

  // ---- keyboard: Page Up / Page Down move between articles (WAI-ARIA feed) ------
  feed.addEventListener('keydown', function (event) {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    var current = event.target.closest && event.target.closest('[data-page] > [data-url]');
    if (!current) return;
    var list = articles(), at = list.indexOf(current);
    var target = list[at + (event.key === 'PageDown' ? 1 : -1)];
    if (target) { event.preventDefault(); target.focus(); }
  });

  // ---- start -----------------------------------------------------------------------
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      if (entry.target === ui.top) load(topDirection());
      else if (entry.target === ui.bottom) load(bottomDirection());
      else if (entry.target.hasAttribute('data-unloaded')) reload(entry.target);
    });
  }, { rootMargin: MARGIN + 'px 0px' });

  fetchIndex().then(function (first) {
    adopt(first);
    // The jump first: the part it loads is the one its page shows, so `?at=` costs
    // the index, one part and one fragment.
    return jump().then(function (jumped) { return loadShownParts().then(function () { return jumped; }); });
  }).then(function (jumped) {
    // A theme's table keeps its own role.
    if (feed.tagName !== 'TABLE') feed.setAttribute('role', 'feed');
    feed.setAttribute('aria-busy', 'false');
    var topStatus = makeStatus(topDirection(), 'top');
    var bottomStatus = makeStatus(bottomDirection(), 'bottom');
    ui.top = topStatus;
    ui.bottom = bottomStatus;
    // The page's own script may have made room already (after Back or a reload): it is ours to give back.
    room = parseFloat(bottomStatus.style.paddingBottom) || 0;
    ui.fresh = document.createElement('button');
    ui.fresh.type = 'button';
    ui.fresh.className = 'bp-fresh';
    ui.fresh.hidden = true;
    ui.fresh.addEventListener('click', showNewEntries);
    // Whatever the page's own markup lacks is added without moving the entry in view.
    keepInPlace(function () {
      if (!topStatus.isConnected) feed.parentNode.insertBefore(topStatus, feed);
      if (!bottomStatus.isConnected) feed.parentNode.insertBefore(bottomStatus, feed.nextSibling);
      topStatus.parentNode.insertBefore(ui.fresh, topStatus);
      orderSections();
      sections().forEach(prepare);
    });
    ['newer', 'older'].forEach(function (direction) {
      var edge = edgeSection(direction), page = edge && pageOf(edge);
      setState(direction, page && !page[direction] ? 'end' : 'idle', page && page.id);
    });
    var list = sections();
    restore(jumped);
    observer.observe(ui.top);
    observer.observe(ui.bottom);
    window.addEventListener('scroll', saveSoon, { passive: true });
    window.addEventListener('scroll', rest, { passive: true });
    window.addEventListener('scroll', shrinkRoom, { passive: true });
    window.addEventListener('scroll', showMonthInView, { passive: true });
    startTimeline();
    if (!jumped && !(history.state && history.state.blogpager)) offerPlace();
    rest();
    // A page kept in the back-forward cache comes back as it was, except that
    // some engines reset the scroll position: put the reader back at the same entry.
    var parked = null;
    window.addEventListener('pagehide', function () {
      clearTimeout(saveTimer);
      var here = anchor();
      parked = here && { entry: here.element.getAttribute('data-url'), top: here.top };
    });
    window.addEventListener('pageshow', function (event) {
      if (event.persisted && parked) { clearTimeout(saveTimer); scrollToSaved(parked); saveSoon(); }
    });
    document.addEventListener('visibilitychange', checkForNewEntries);
    window.addEventListener('focus', checkForNewEntries);
    setInterval(checkForNewEntries, RECHECK);
    emit('ready', { pages: list.map(function (section) { return section.getAttribute('data-page'); }) });
  }, function (error) {
    emit('loaderror', { page: null, direction: null, error: String(error) });
  });
})();

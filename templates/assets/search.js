/* search.js: the header's search box, on Pagefind's JavaScript API (its bundle is
 * built with the site into pagefind/). Without JavaScript the box is a link to the
 * archive's month and tag lists. `/` focuses it; each result opens the entry, and
 * "Show in the archive" opens the stream at the entry's date, to read around it. */
(function () {
  'use strict';
  var link = document.querySelector('.bp-search-link');
  if (!link || !window.fetch || !window.Promise) return;
  var bundle = link.getAttribute('data-bundle'), home = link.getAttribute('data-home');
  // The page's words where it is not in English (`#bp-strings`, from the site's i18n files), each with its blanks filled.
  var words = (function () { try { return JSON.parse(document.getElementById('bp-strings').textContent); } catch (e) { return {}; } })();
  function say(key, english, fills) {
    var text = words[key] || english;
    for (var name in fills || {}) text = text.split('{' + name + '}').join(fills[name]);
    return text;
  }

  var form = document.createElement('form');
  form.className = 'bp-search';
  form.setAttribute('role', 'search');
  var input = document.createElement('input');
  input.type = 'search';
  input.className = 'bp-search-input';
  input.placeholder = say('search', 'Search');
  input.autocomplete = 'off';
  input.setAttribute('aria-label', say('search_the_blog', 'Search the blog'));
  input.setAttribute('aria-controls', 'bp-search-results');
  var panel = document.createElement('div');
  panel.id = 'bp-search-results';
  panel.className = 'bp-search-results';
  panel.hidden = true;
  var status = document.createElement('p');
  status.className = 'bp-search-status';
  status.setAttribute('role', 'status');
  var list = document.createElement('ol');
  list.className = 'bp-search-list';
  panel.appendChild(status);
  panel.appendChild(list);
  form.appendChild(input);
  form.appendChild(panel);
  link.parentNode.replaceChild(form, link);
  form.addEventListener('submit', function (event) { event.preventDefault(); });

  var engine = null;
  function pagefind() {
    if (!engine) {
      engine = import(bundle + 'pagefind.js').then(function (found) {
        return Promise.resolve(found.options({ excerptLength: 24 })).then(function () { return found; });
      });
    }
    return engine;
  }
  input.addEventListener('focus', function () { pagefind().catch(function () {}); });

  var asked = 0;
  input.addEventListener('input', function () {
    var term = input.value.trim(), ticket = ++asked;
    if (!term) { close(); return; }
    pagefind().then(function (found) { return found.debouncedSearch(term, {}, 150); }).then(function (search) {
      if (!search || ticket !== asked) return null;
      return Promise.all(search.results.slice(0, 8).map(function (result) { return result.data(); })).then(function (items) {
        if (ticket === asked) show(items, search.results.length);
      });
    }).catch(function () {
      if (ticket !== asked) return;
      list.textContent = '';
      status.textContent = say('search_unavailable', 'Search is not available right now.');
      panel.hidden = false;
    });
  });

  function show(items, total) {
    list.textContent = '';
    status.textContent = total === 0 ? say('no_entries_found', 'No entries found.') : total === 1 ? say('one_entry_found', '1 entry found.')
      : total > items.length ? say('entries_found_first', '{count} entries found, the first {shown} shown.', { count: total, shown: items.length })
      : say('entries_found', '{count} entries found.', { count: total });
    items.forEach(function (item) {
      var meta = item.meta || {};
      var entry = document.createElement('li');
      entry.className = 'bp-search-result';
      var title = document.createElement('a');
      title.className = 'bp-search-title';
      title.href = item.url;
      title.textContent = meta.title || item.url;
      entry.appendChild(title);
      if (meta.date_display) {
        var date = document.createElement('time');
        date.className = 'bp-search-date';
        if (meta.date) date.setAttribute('datetime', meta.date);
        date.textContent = meta.date_display;
        entry.appendChild(date);
      }
      var excerpt = document.createElement('p');
      excerpt.className = 'bp-search-excerpt';
      excerpt.innerHTML = item.excerpt;  // Pagefind's: the page's text, escaped, with <mark> around the words found
      entry.appendChild(excerpt);
      if (meta.date) {
        var around = document.createElement('a');
        around.className = 'bp-search-around';
        around.href = home + '?at=' + encodeURIComponent(meta.date);
        around.textContent = say('show_in_archive', 'Show in the archive');
        entry.appendChild(around);
      }
      list.appendChild(entry);
    });
    panel.hidden = false;
  }

  function close() {
    panel.hidden = true;
    list.textContent = '';
    status.textContent = '';
  }

  // `/` focuses the box (unless the reader is typing somewhere); Escape closes the results.
  document.addEventListener('keydown', function (event) {
    var target = event.target, typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
    } else if (event.key === 'Escape' && form.contains(target)) {
      close();
      input.blur();
    }
  });
  document.addEventListener('click', function (event) { if (!form.contains(event.target)) panel.hidden = true; });
  input.addEventListener('focus', function () { if (list.childNodes.length) panel.hidden = false; });
})();

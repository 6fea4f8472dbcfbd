/* Math drawn with KaTeX (served from assets/katex/), loaded only when an article on the page holds
   math, and again for each page of articles the loader adds. */
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.getAttribute('data-katex');
  if (!base) return;
  var delimiters = [
    { left: '$$', right: '$$', display: true },
    { left: '\\[', right: '\\]', display: true },
    { left: '\\(', right: '\\)', display: false },
    { left: '$', right: '$', display: false }
  ];
  var loading = null;

  function hasMath(node) {
    var text = node.textContent || '';
    return text.indexOf('$') >= 0 || text.indexOf('\\(') >= 0 || text.indexOf('\\[') >= 0;
  }

  function load(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement('script');
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.appendChild(tag);
    });
  }

  function katex() {
    if (loading) return loading;
    var style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = base + 'katex.min.css';
    document.head.appendChild(style);
    loading = load(base + 'katex.min.js').then(function () { return load(base + 'contrib/auto-render.js'); });
    return loading;
  }

  function draw(root) {
    var bodies = Array.prototype.filter.call(root.querySelectorAll('.entry-body'), function (body) {
      return !body.hasAttribute('data-math-drawn') && hasMath(body);
    });
    if (!bodies.length) return;
    katex().then(function () {
      bodies.forEach(function (body) {
        body.setAttribute('data-math-drawn', '');
        window.renderMathInElement(body, { delimiters: delimiters, throwOnError: false,
          ignoredTags: ['script', 'noscript', 'style', 'textarea', 'pre', 'code'] });
      });
    });
  }

  function start() {
    draw(document);
    document.addEventListener('blogpager:pageload', function () { draw(document); });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

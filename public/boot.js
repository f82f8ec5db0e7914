// Starts the site's JavaScript once the page has loaded and its first paint has been shown: the
// server-rendered HTML is complete and usable (links and content) without it, so the first paint
// never waits for the bundle to download and run (on a slow phone that is most of a second).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function painted() {
    return performance.getEntriesByType('paint').some(function (e) {
      return e.name === 'first-contentful-paint';
    });
  }
  function afterFirstPaint() {
    // The back office and the wizard send an empty shell: nothing to paint before the script.
    var root = document.getElementById('root');
    if (!root || !root.firstChild) return start();
    // A hidden tab paints nothing until shown; browsers without paint timing get a frame's delay.
    var observable = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
    if (document.visibilityState === 'hidden' || (observable && painted())) return start();
    if (!observable)
      return requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    new PerformanceObserver(function (list, observer) {
      if (!painted()) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint' });
    setTimeout(start, 3000);
  }
  if (document.readyState === 'complete') afterFirstPaint();
  else window.addEventListener('load', afterFirstPaint, { once: true });
})();

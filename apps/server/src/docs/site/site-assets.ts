/** The site's stylesheet: readable on a phone (one column under 800px), highlighted code. */
export const SITE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff}
a{color:#0b5cad}
header{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;padding:.6rem 1rem;border-bottom:1px solid #d0d7de;background:#f6f8fa;position:sticky;top:0;z-index:2}
header .brand{font-weight:700;text-decoration:none;color:#1f2328}
.search{position:relative;flex:1;min-width:12rem;max-width:36rem}
.search input{width:100%;font:inherit;padding:.4rem .6rem;border:1px solid #8c959f;border-radius:6px}
#results{position:absolute;left:0;right:0;top:100%;background:#fff;border:1px solid #d0d7de;border-radius:6px;margin:.2rem 0 0;padding:0;list-style:none;max-height:70vh;overflow:auto;box-shadow:0 8px 24px rgba(0,0,0,.12)}
#results:empty{display:none}
#results li a{display:block;padding:.5rem .7rem;text-decoration:none;color:inherit;border-bottom:1px solid #eee}
#results li a:hover,#results li a:focus{background:#eef4fb}
.result-title{font-weight:600}.result-snippet{font-size:.9rem;color:#57606a}
mark{background:#fff3b0;color:inherit;padding:0}
.layout{display:grid;grid-template-columns:17rem minmax(0,1fr);gap:2rem;max-width:80rem;margin:0 auto;padding:1rem}
nav.site h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#57606a;margin:1rem 0 .3rem}
nav.site ul{list-style:none;margin:0;padding:0}
nav.site li a{display:block;padding:.1rem .3rem;border-radius:4px;text-decoration:none;font-size:.95rem}
nav.site li a[aria-current=page]{background:#eef4fb;font-weight:600}
nav.site details summary{cursor:pointer;font-weight:600;display:none}
main{min-width:0}
main h1,main h2,main h3{line-height:1.25;scroll-margin-top:4.5rem}
.anchor{visibility:hidden;text-decoration:none;margin-left:-1em;padding-right:.2em}
h1:hover .anchor,h2:hover .anchor,h3:hover .anchor,h4:hover .anchor{visibility:visible}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;padding:.1em .3em;border-radius:4px}
pre.code{background:#f6f8fa;padding:.8rem 1rem;border-radius:6px;overflow-x:auto;line-height:1.45}
pre.code code{background:none;padding:0}
.hl-k{color:#cf222e}.hl-s{color:#0a3069}.hl-c{color:#6e7781;font-style:italic}.hl-n{color:#0550ae}
.table{overflow-x:auto}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}
img{max-width:100%;height:auto}
blockquote{margin:0;padding:0 1rem;border-left:.25rem solid #d0d7de;color:#57606a}
.provenance{margin-top:3rem;padding-top:1rem;border-top:1px solid #d0d7de;font-size:.85rem;color:#57606a}
.toc{font-size:.9rem;border-left:2px solid #d0d7de;padding-left:.8rem;margin:1rem 0}
.toc ul{list-style:none;margin:0;padding:0}
.search-page li{margin-bottom:1rem}
@media (max-width:800px){.layout{grid-template-columns:minmax(0,1fr);gap:0;padding:.5rem}nav.site details summary{display:block}nav.site{border-bottom:1px solid #d0d7de;padding-bottom:.5rem}}
`;

/**
 * Search as you type: asks `/api/docs/search` (debounced, latest answer wins) and lists results
 * under the box with their marked snippets; Enter opens the first. Without JavaScript the box
 * is a plain form to `/docs/?q=`.
 */
export const SITE_JS = `(() => {
  const input = document.getElementById('q');
  const list = document.getElementById('results');
  if (!input || !list) return;
  let timer; let latest = 0;
  const escape = (text) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const mark = (text) => escape(text).replace(/\\*\\*(.+?)\\*\\*/g, '<mark>$1</mark>');
  async function run() {
    const q = input.value.trim();
    const id = ++latest;
    if (q === '') { list.innerHTML = ''; return; }
    const response = await fetch('/api/docs/search?limit=8&q=' + encodeURIComponent(q));
    if (id !== latest) return;
    if (!response.ok) { list.innerHTML = ''; return; }
    const body = await response.json();
    list.innerHTML = body.results.length === 0
      ? '<li><a>No results</a></li>'
      : body.results.map((r) => '<li><a href="' + escape(r.url) + '"><span class="result-title">' + escape(r.title) + (r.heading && r.heading !== r.title ? ' › ' + escape(r.heading) : '') + '</span><br><span class="result-snippet">' + mark(r.snippet) + '</span></a></li>').join('');
  }
  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(run, 120); });
  input.form.addEventListener('submit', (event) => {
    const first = list.querySelector('a[href]');
    if (first) { event.preventDefault(); location.href = first.getAttribute('href'); }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement !== input) { event.preventDefault(); input.focus(); }
    if (event.key === 'Escape') list.innerHTML = '';
  });
})();
`;

import { describe, expect, it } from 'vitest';
import {
  clampNarrationHtml,
  parseNarration,
  sanitizeNarrationHtml,
  shotMarkerHtml,
  stickerMarkerHtml,
  tokenizeHtml,
} from '../../../src/model/project';

const PPT = shotMarkerHtml(11201);
const STAR = stickerMarkerHtml({ textureId: 'a1b2', kind: 'png', id: 'k1', path: '/t/star.png' });

const NASTY = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<svg onload=alert(1)><circle/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<div onclick="alert(1)" style="background:url(javascript:alert(1))">x</div>',
  '<span data-shot="11201" onmouseover="alert(1)">【PPT全屏】</span>',
  '<span class="ps-marker" data-texture="a1b2"><img src="javascript:alert(1)" onerror=alert(1)></span>',
  '<span class="ps-marker" data-texture="a1b2" data-id="x&quot; onload=&quot;alert(1)"><img src=/ok.png></span>',
  '<span class="ps-marker" data-texture="a1b2"><img src="//evil.example/x.png"></span>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="x.swf"></object><embed src=x>',
  '<style>*{background:url(javascript:alert(1))}</style>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<div <img src=x onerror=alert(1)>>',
  '<img src=x onerror=alert(1)',
  '"><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<p/onmouseover=alert(1)>x',
  '<template><img src=x onerror=alert(1)></template>',
];

function domCheck(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  const all = Array.from(host.querySelectorAll('*'));
  for (const el of all) {
    expect(['DIV', 'P', 'SPAN', 'BR', 'IMG']).toContain(el.tagName);
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on')).toBe(false);
      expect(attr.value.toLowerCase()).not.toContain('javascript:');
      expect([
        'class',
        'contenteditable',
        'data-shot',
        'data-texture',
        'data-kind',
        'data-id',
        'src',
        'alt',
      ]).toContain(attr.name);
    }
    if (el.tagName === 'IMG') expect(el.getAttribute('src')).toMatch(/^\/[^/]/);
  }
}

describe('sanitizeNarrationHtml: an allow-list that needs no DOM', () => {
  it.each(NASTY)('neutralises %s', (input) => {
    const out = sanitizeNarrationHtml(input);
    expect(out).not.toMatch(
      /<(script|iframe|object|embed|style|svg|math|a|form|button|meta|base|details|template|textarea)\b/i,
    );
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:/i);
    domCheck(out);
  });

  it('is stable: sanitising twice changes nothing', () => {
    for (const input of NASTY) {
      const once = sanitizeNarrationHtml(input);
      expect(sanitizeNarrationHtml(once)).toBe(once);
    }
  });

  it('keeps text, br, div, p, span and our markers as they are', () => {
    const html = `你好<br><div>第二行${PPT}</div><p>段落${STAR}</p><span>span</span>`;
    expect(sanitizeNarrationHtml(html)).toBe(html);
  });

  it('strips attributes from ordinary elements and keeps their text', () => {
    expect(sanitizeNarrationHtml('<div style="color:red" class="x">红<b>粗</b></div>')).toBe(
      '<div>红粗</div>',
    );
  });

  it('drops the content of script-like elements and comments', () => {
    expect(sanitizeNarrationHtml('a<script>b</script>c<!-- d -->e<style>f</style>g')).toBe('aceg');
  });

  it('escapes text so it can never become markup', () => {
    expect(sanitizeNarrationHtml('1 &lt; 2 &amp;&amp; 3 > 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(sanitizeNarrationHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('rebuilds markers canonically: event handlers and bad ids are gone, good ids kept', () => {
    expect(sanitizeNarrationHtml('<span data-shot="11201" onmouseover="x">【PPT全屏】</span>')).toBe(PPT);
    const evilId = sanitizeNarrationHtml(NASTY[12]);
    expect(evilId).not.toContain('data-id');
    expect(evilId).toContain('data-texture="a1b2"');
    expect(evilId).toContain('src="/ok.png"');
  });

  it('closes what it opens and ignores stray closing tags', () => {
    expect(sanitizeNarrationHtml('<div><p>a</div>b</p></span>')).toBe('<div><p>a</p></div>b');
    expect(sanitizeNarrationHtml('<div>open')).toBe('<div>open</div>');
  });

  it('leaves spoken text the same as before sanitising', () => {
    const html = `<div>甲${PPT}乙</div><script>丙</script>丁${STAR}`;
    expect(parseNarration(sanitizeNarrationHtml(html)).text).toBe(parseNarration(html).text);
  });
});

describe('clampNarrationHtml: input cut at 300', () => {
  it('cuts the text after 300 characters and keeps markers before the cut', () => {
    const html = `${'字'.repeat(150)}${PPT}<div>${'文'.repeat(200)}</div>${STAR}`;
    const out = clampNarrationHtml(html);
    const parsed = parseNarration(out);
    expect(Array.from(parsed.text.replace(/\n/g, '')).length).toBe(300);
    expect(parsed.shots).toHaveLength(1);
    expect(parsed.stickers).toHaveLength(0);
    expect(out.endsWith('</div>')).toBe(true);
  });

  it('leaves short narration alone', () => {
    expect(clampNarrationHtml(`短${PPT}文`)).toBe(`短${PPT}文`);
  });
});

describe('tokenizeHtml', () => {
  it('reads quoted, unquoted and valueless attributes; first duplicate wins', () => {
    expect(tokenizeHtml('<span a="1" b=2 c d=\'4\' a="x">t</span>')).toEqual([
      { type: 'open', name: 'span', attrs: { a: '1', b: '2', c: '', d: '4' }, selfClosing: false },
      { type: 'text', text: 't' },
      { type: 'close', name: 'span' },
    ]);
  });

  it('treats a lone < as text and drops an unterminated tag at the end', () => {
    expect(tokenizeHtml('a < b')).toEqual([{ type: 'text', text: 'a < b' }]);
    expect(tokenizeHtml('ok<img src="x')).toEqual([{ type: 'text', text: 'ok' }]);
  });
});

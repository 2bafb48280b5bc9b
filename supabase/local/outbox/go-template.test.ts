import { describe, expect, it } from 'vitest';
import { htmlEscape, queryEscape, renderGoTemplate, TemplateError } from './go-template.ts';

// Expected outputs are what Go's html/template produces for the same template and data.
describe('renderGoTemplate', () => {
  it('HTML-escapes values in text like html/template', () => {
    expect(renderGoTemplate('<p>{{ .Name }}</p>', { Name: `<b>"Ola" & 'Kari'+1</b>` })).toBe(
      '<p>&lt;b&gt;&#34;Ola&#34; &amp; &#39;Kari&#39;&#43;1&lt;/b&gt;</p>',
    );
  });

  it('reads nested map keys and prints nothing for missing ones', () => {
    expect(renderGoTemplate('Hei {{ .Data.full_name }}!', { Data: { full_name: 'Åse' } })).toBe('Hei Åse!');
    expect(renderGoTemplate('Hei {{ .Data.full_name }}!', { Data: {} })).toBe('Hei !');
    expect(renderGoTemplate('[{{ .Missing }}]', {})).toBe('[]');
  });

  it('supports if / else / end with Go truthiness', () => {
    const template = '{{ if .X }}ja{{ else }}nei{{ end }}';
    expect(renderGoTemplate(template, { X: 'a' })).toBe('ja');
    for (const falsy of ['', 0, false, null, undefined, [], {}]) {
      expect(renderGoTemplate(template, { X: falsy })).toBe('nei');
    }
    expect(renderGoTemplate('{{ if .A }}a{{ if .B }}b{{ end }}{{ end }}', { A: 1, B: 1 })).toBe('ab');
  });

  it('allows actions spanning lines (Go 1.16+), as formatters may wrap them', () => {
    expect(renderGoTemplate('{{ if .X\n}}ja{{\nend }}', { X: true })).toBe('ja');
  });

  it('drops HTML comments like html/template', () => {
    expect(renderGoTemplate('<!-- intern -->\n<p>x</p>', {})).toBe('\n<p>x</p>');
  });

  it('escapes by URL context inside href', () => {
    const data = {
      Site: 'http://localhost:5173',
      Hash: 'a b&c',
      Redirect: 'http://localhost:5173/x?y=1&z=æ',
    };
    // At the start: filtered and normalized; in the query: fully escaped with lower-case hex.
    expect(renderGoTemplate('<a href="{{ .Site }}/p?h={{ .Hash }}">', data)).toBe(
      '<a href="http://localhost:5173/p?h=a%20b%26c">',
    );
    // urlquery (Go's url.QueryEscape): upper-case hex, space as '+', then HTML-escaped ('+' → &#43;).
    expect(renderGoTemplate('<a href="/p?r={{ .Redirect | urlquery }}">', data)).toBe(
      '<a href="/p?r=http%3A%2F%2Flocalhost%3A5173%2Fx%3Fy%3D1%26z%3D%C3%A6">',
    );
    expect(renderGoTemplate('{{ .Hash | urlquery }}', data)).toBe('a&#43;b%26c');
  });

  it('neutralizes unsafe URL schemes at the start of a URL attribute', () => {
    expect(renderGoTemplate('<a href="{{ .U }}">', { U: 'javascript:alert(1)' })).toBe(
      '<a href="#ZgotmplZ">',
    );
    expect(renderGoTemplate('<a href="{{ .U }}">', { U: 'https://x.no/a b' })).toBe(
      '<a href="https://x.no/a%20b">',
    );
  });

  it('escapes plain attribute values as HTML', () => {
    expect(renderGoTemplate('<img alt="{{ .A }}">', { A: '"><script>' })).toBe(
      '<img alt="&#34;&gt;&lt;script&gt;">',
    );
  });

  it('refuses syntax and contexts it does not implement', () => {
    const bad = [
      '{{ range .X }}{{ end }}',
      '{{ .X | html }}',
      '{{ printf "%s" .X }}',
      '{{- .X }}',
      '{{ if .X }}',
      '{{ end }}',
      '{{ else }}',
      '<a onclick="{{ .X }}">',
      '<p style="color: {{ .X }}">',
      '<a href={{ .X }}>',
      '<script>{{ .X }}</script>',
    ];
    for (const template of bad) {
      expect(() => renderGoTemplate(template, { X: 'x' }), template).toThrow(TemplateError);
    }
  });
});

describe('escapers', () => {
  it('htmlEscape matches Go', () => {
    expect(htmlEscape('\0<>&"\'+')).toBe('\uFFFD&lt;&gt;&amp;&#34;&#39;&#43;');
  });

  it('queryEscape matches url.QueryEscape', () => {
    expect(queryEscape("a b/c?d=e&f~g_h.i-j!'()*")).toBe('a+b%2Fc%3Fd%3De%26f~g_h.i-j%21%27%28%29%2A');
  });
});

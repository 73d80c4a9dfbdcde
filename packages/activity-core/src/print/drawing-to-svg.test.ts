import { describe, expect, it } from 'vitest';
import type { Drawing } from '../drawing/drawing.js';
import { renderDrawingSvg } from './drawing-to-svg.js';
import { escapeHtml, formatNumber, readColor } from './escape-html.js';
import { fitDrawing, getPrintedStrokeMm, getPrintedTextSize } from './fit-drawing.js';

describe('escaping and checked values', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('lets only hex colours through into markup', () => {
    expect(readColor('#abc', '#000000')).toBe('#abc');
    expect(readColor('#A1b2C3', '#000000')).toBe('#A1b2C3');
    for (const bad of ['red', '#12345', '#000" onload="x', 'url(x)', undefined])
      expect(readColor(bad, '#000000')).toBe('#000000');
  });

  it('formats numbers compactly and never as NaN or with an exponent', () => {
    expect([
      formatNumber(1 / 3),
      formatNumber(2),
      formatNumber(-0.0001),
      formatNumber(Number.NaN),
      formatNumber(1e-9),
    ]).toEqual(['0.333', '2', '0', '0', '0']);
  });
});

describe('the scaling rule', () => {
  it('fits a drawing into an area and never enlarges it', () => {
    expect(fitDrawing({ width: 100, height: 50 }, { width: 200, height: 200 })).toBe(1);
    expect(fitDrawing({ width: 200, height: 100 }, { width: 100, height: 100 })).toBe(0.5);
    expect(fitDrawing({ width: 100, height: 400 }, { width: 100, height: 100 })).toBe(0.25);
    expect(fitDrawing({ width: 0, height: Number.NaN }, { width: 100, height: 100 })).toBe(1);
  });

  it('keeps large-print text at min(natural size, 18 pt) or more, and strokes visible', () => {
    expect(getPrintedTextSize(24, 0.5, true)).toBe(18);
    expect(getPrintedTextSize(24, 0.9, true)).toBeCloseTo(21.6, 9);
    expect(getPrintedTextSize(10, 0.5, true)).toBe(10);
    expect(getPrintedTextSize(24, 0.5, false)).toBe(12);
    expect(getPrintedStrokeMm(0.1, 0.2)).toBe(0.1);
  });
});

describe('renderDrawingSvg', () => {
  const drawing: Drawing = {
    width: 50,
    height: 20,
    items: [
      { type: 'line', x1: 0, y1: 0, x2: 50, y2: 0, dash: [1, 2] },
      { type: 'rect', x: 1, y: 1, width: 5, height: 5, fill: '#eeeeee' },
      { type: 'circle', cx: 10, cy: 10, r: 2 },
      {
        type: 'polyline',
        points: [
          [0, 0],
          [5, 5],
        ],
        round: true,
        stroke: '#ff0000',
      },
      {
        type: 'text',
        x: 25,
        y: 10,
        text: '<b>&',
        size: 12,
        align: 'middle',
        bold: true,
        fill: 'javascript:x',
      },
    ],
  };

  it('draws every item type, sized in printed millimetres', () => {
    const svg = renderDrawingSvg(drawing, { scale: 0.5, largePrint: false, label: 'A "test"' });
    expect(svg).toMatch(
      /^<svg [^>]*width="25mm" height="10mm" viewBox="0 0 50 20" role="img" aria-label="A &quot;test&quot;">/,
    );
    expect(svg).toContain('stroke-dasharray="1 2"');
    expect(svg).toContain('<rect x="1" y="1" width="5" height="5" fill="#eeeeee" stroke="none"/>');
    expect(svg).toContain('<circle cx="10" cy="10" r="2" fill="none" stroke="#000000"');
    expect(svg).toContain('stroke="#ff0000"');
    expect(svg).toContain('stroke-linejoin="round"');
    expect(svg).toContain('font-weight="bold">&lt;b&gt;&amp;</text>');
    expect(svg).toContain('fill="#000000" font-weight');
  });
});

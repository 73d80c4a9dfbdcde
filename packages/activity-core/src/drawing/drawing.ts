/**
 * A page drawn as vector primitives in millimetres, origin at the top left of the content box,
 * y growing downwards. Every kind draws its puzzle and its answer key into one of these; the
 * HTML printer renders it as inline SVG and the PDF builder draws the same primitives with
 * pdf-lib, so screen, print and PDF always agree.
 */
export interface Drawing {
  /** Width and height of the drawing in millimetres; printers scale it to fit the page. */
  width: number;
  height: number;
  items: DrawingItem[];
}

export type DrawingItem = LineItem | RectItem | TextItem | PolylineItem | CircleItem;

/** Stroke widths in millimetres; colours as CSS hex (`#000000`). */
export interface Stroke {
  stroke?: string;
  strokeWidth?: number;
}

export interface LineItem extends Stroke {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Dash pattern in millimetres. */
  dash?: number[];
}

export interface RectItem extends Stroke {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  fill?: string;
}

export interface PolylineItem extends Stroke {
  type: 'polyline';
  points: [number, number][];
  /** Rounded joins and caps (solution paths). */
  round?: boolean;
}

export interface CircleItem extends Stroke {
  type: 'circle';
  cx: number;
  cy: number;
  r: number;
  fill?: string;
}

export interface TextItem {
  type: 'text';
  /** Anchor point: `x` per `align`, `y` is the text's vertical centre. */
  x: number;
  y: number;
  text: string;
  /** Font size in points. */
  size: number;
  align?: 'start' | 'middle' | 'end';
  bold?: boolean;
  fill?: string;
}

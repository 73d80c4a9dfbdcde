export { buildBookPdf } from './book/load-book-builder.js';
export type { BookPageInput, BuildBookArgs } from './book/read-book-args.js';
export type {
  CircleItem,
  Drawing,
  DrawingItem,
  LineItem,
  PolylineItem,
  RectItem,
  TextItem,
} from './drawing/drawing.js';
export type { ActivityErrorCode, ActivityIssue } from './errors.js';
export { ActivityError, isActivityError } from './errors.js';
export type { GeneratedPage, GeneratePageArgs } from './generate-page.js';
export { generatePage } from './generate-page.js';
export type { DrawOptions, InputField, PuzzleKind } from './kinds/kind.js';
export type { KindInfo } from './list-kinds.js';
export { listKinds } from './list-kinds.js';
export type { PrintPageArgs, PrintPageResult } from './print/print-page.js';
export { printPage } from './print/print-page.js';
export type { Trim, TrimName } from './print/trims.js';
export { TRIMS } from './print/trims.js';
export type { Random } from './random/seeded-random.js';
export { createRandom } from './random/seeded-random.js';
export { validatePage } from './validate-page.js';

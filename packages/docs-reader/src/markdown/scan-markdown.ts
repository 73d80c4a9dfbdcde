import { createSlugger, stripInlineMarkdown } from './slugify.js';

/** A heading found in a markdown body. */
export interface ScannedHeading {
  level: number;
  text: string;
  anchor: string;
  /** 1-based line in the body. */
  line: number;
}

/** A link found in a markdown body (outside code). */
export interface ScannedLink {
  href: string;
  line: number;
}

/** The text under one heading, up to the next heading; the part before the first heading has anchor ''. */
export interface ScannedSection {
  anchor: string;
  heading: string;
  level: number;
  line: number;
  /** The section's markdown, heading line excluded. */
  markdown: string;
}

/** What {@link scanMarkdown} finds. */
export interface ScannedMarkdown {
  headings: ScannedHeading[];
  links: ScannedLink[];
  sections: ScannedSection[];
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * Scans a markdown body line by line: ATX headings (with GitHub anchors), links outside code
 * fences and code spans, and the sections between headings.
 *
 * @example
 * scanMarkdown('# A\ntext [b](b.md)\n## C').headings.map((h) => h.anchor); // ['a', 'c']
 */
export function scanMarkdown(body: string): ScannedMarkdown {
  const lines = body.split('\n');
  const slug = createSlugger();
  const headings: ScannedHeading[] = [];
  const links: ScannedLink[] = [];
  const sections: ScannedSection[] = [];
  let current: { anchor: string; heading: string; level: number; line: number; lines: string[] } = {
    anchor: '',
    heading: '',
    level: 0,
    line: 1,
    lines: [],
  };
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (
        fenceMatch &&
        (fenceMatch[1] as string)[0] === fence[0] &&
        (fenceMatch[1] as string).length >= fence.length
      )
        fence = null;
      current.lines.push(line);
      return;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] as string;
      current.lines.push(line);
      return;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const text = stripInlineMarkdown(heading[2] as string).trim();
      const anchor = slug(heading[2] as string);
      headings.push({ level: (heading[1] as string).length, text, anchor, line: index + 1 });
      pushSection(sections, current);
      current = { anchor, heading: text, level: (heading[1] as string).length, line: index + 1, lines: [] };
    } else {
      current.lines.push(line);
    }
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(LINK)) links.push({ href: match[1] as string, line: index + 1 });
  });
  pushSection(sections, current);
  return { headings, links, sections };
}

function pushSection(
  sections: ScannedSection[],
  current: { anchor: string; heading: string; level: number; line: number; lines: string[] },
): void {
  const markdown = current.lines.join('\n').trim();
  if (current.anchor === '' && markdown === '') return;
  sections.push({
    anchor: current.anchor,
    heading: current.heading,
    level: current.level,
    line: current.line,
    markdown,
  });
}

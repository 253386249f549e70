/**
 * The text of a built page as a reader gets it: each block element, line break and table cell a separate run,
 * inline elements joined as they are printed, and the alternative texts (alt, aria-label, title) runs of their own.
 * Boundaries between inline elements are kept, so a check can tell words written apart in the markup from words
 * that only a tag separates.
 */
import { Parser } from 'htmlparser2';

/** Elements whose content a reader takes as its own line (HTML's block and table elements, form controls). */
const BLOCKS = new Set(
  'address article aside blockquote body br button caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html input label legend li main nav noscript ol option p pre section select summary svg table tbody td tfoot th thead title tr textarea ul'.split(
    ' ',
  ),
);
/** Tailwind's display classes that make an element a block of its own (unprefixed: the phone layout). */
const BLOCK_CLASS = /(?:^|\s)(?:block|flex|grid|table|list-item|flow-root|hidden)(?:\s|$)/;
/** Flex and grid containers make each child a block, whatever its tag. */
const BLOCKIFYING_CLASS = /(?:^|\s)(?:inline-)?(?:flex|grid)(?:\s|$)/;
/** Elements that print nothing a reader hears. */
const SILENT = new Set(['script', 'style', 'template']);
/** Elements that print text verbatim (a command, a pattern): their punctuation is not prose. */
const VERBATIM = new Set(['code', 'kbd', 'samp']);
const SPOKEN_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder'];

/** A run of text, with the offsets where an inline element opened or closed between two characters. */
export interface TextRun {
  text: string;
  tagBoundaries: number[];
  /** Where verbatim text starts and ends ([start, end) pairs). */
  verbatim: [number, number][];
}

export function readingRuns(html: string): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun = { text: '', tagBoundaries: [], verbatim: [] };
  let silent = 0;
  let verbatimFrom: number | undefined;
  // Per open element: whether it is a block, and whether its children are.
  const open: { block: boolean; blockifies: boolean }[] = [];
  const endRun = () => {
    if (current.text.trim()) runs.push(current);
    current = { text: '', tagBoundaries: [], verbatim: [] };
  };
  const inlineBoundary = () => {
    if (current.text && current.tagBoundaries.at(-1) !== current.text.length)
      current.tagBoundaries.push(current.text.length);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // A line-break opportunity inside a word, not a boundary between two.
        if (name === 'wbr') return;
        if (SILENT.has(name)) silent += 1;
        if (VERBATIM.has(name)) verbatimFrom = current.text.length;
        const classes = attributes.class ?? '';
        const block = BLOCKS.has(name) || BLOCK_CLASS.test(classes) || Boolean(open.at(-1)?.blockifies);
        open.push({ block, blockifies: BLOCKIFYING_CLASS.test(classes) });
        if (block) endRun();
        else inlineBoundary();
        for (const attribute of SPOKEN_ATTRIBUTES) {
          const value = attributes[attribute];
          if (value?.trim()) runs.push({ text: value, tagBoundaries: [], verbatim: [] });
        }
      },
      ontext(text) {
        if (!silent) current.text += text;
      },
      onclosetag(name) {
        if (name === 'wbr') return;
        if (SILENT.has(name)) silent -= 1;
        if (VERBATIM.has(name) && verbatimFrom !== undefined) {
          current.verbatim.push([verbatimFrom, current.text.length]);
          verbatimFrom = undefined;
        }
        if (open.pop()?.block) endRun();
        else inlineBoundary();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  endRun();
  return runs;
}

/** Characters that end a word, a figure or a clause, after which a reader expects a space before the next word. */
const WORD_END = /[\p{L}\p{N}.,;:!?)\]%+]/u;
const WORD_START = /[\p{L}\p{N}]/u;

/** Words allowed to mix cases inside (brand and product names). */
const MIXED_CASE_ALLOWED = new Set(['JavaScript', 'OpenAPI', 'OpenStreetMap']);

/**
 * Places where two words run together: a clause's punctuation straight before a capital letter or (for commas)
 * any letter or a figure that is not a thousands group, a lower-case letter straight before a capital or a figure
 * (two words, or a code name leaking into prose), an email address other than the known ones (one glued to a
 * word), or a word ending where an inline element starts another. Verbatim text (code) is prose only at its edges.
 * A reference page names identifiers (ApiError, {trackingNumber}) in its prose: `identifiers` lets case mix there.
 */
export function gluedWords(
  run: TextRun,
  { knownEmails = [], identifiers = false }: { knownEmails?: readonly string[]; identifiers?: boolean } = {},
): string[] {
  const found: string[] = [];
  const around = (index: number) => run.text.slice(Math.max(0, index - 20), index + 20).replace(/\s+/g, ' ');
  const prose = (at: number) => !run.verbatim.some(([start, end]) => at >= start && at < end);
  for (const match of run.text.matchAll(/[\p{Ll}\p{N}+%)][.!?;:][\p{Lu}]|,(?:\p{L}|\d(?!\d{2}(?:\D|$)))/gu)) {
    if (prose(match.index + 1)) found.push(around(match.index + 1));
  }
  for (const match of run.text.matchAll(/[\p{L}\p{N}]*\p{Ll}[\p{Lu}\d][\p{L}\p{N}]*/gu)) {
    if (!identifiers && prose(match.index) && !MIXED_CASE_ALLOWED.has(match[0])) found.push(around(match.index));
  }
  for (const match of run.text.matchAll(/[^\s()"'“]*@[^\s()"'”]*[^\s()"'”.,;:!?]/gu)) {
    if (prose(match.index) && !knownEmails.includes(match[0])) found.push(around(match.index));
  }
  for (const at of run.tagBoundaries) {
    const before = run.text[at - 1];
    const after = run.text[at];
    if (before && after && WORD_END.test(before) && WORD_START.test(after)) found.push(around(at));
  }
  return found;
}

// Word search against @blex41/word-search, same words, same grid, same run: how often every word
// is placed, how often the answer key is ambiguous (a word readable in more than one place),
// and time per puzzle.
//   node bench/activity/wordsearch-vs-blex.mjs [--trials 300]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const WordSearch = require('@blex41/word-search');
const dist = new URL('../../packages/activity-core/dist/index.js', import.meta.url);

const POOL = `BADGER BEAVER BISON CAMEL CHEETAH COYOTE DOLPHIN DONKEY EAGLE FALCON FERRET GAZELLE GIRAFFE
GORILLA HAMSTER HEDGEHOG HERON HYENA IGUANA JACKAL JAGUAR KOALA LEMUR LEOPARD LLAMA LOBSTER MEERKAT
MOOSE OCELOT OTTER PANDA PANTHER PARROT PELICAN PENGUIN PUFFIN RABBIT RACCOON REINDEER SALMON SEAL
SHARK SLOTH SPARROW SQUID SWAN TIGER TOUCAN TURTLE WALRUS WEASEL WHALE WOLF WOMBAT ZEBRA`.split(/\s+/);
const DIRECTIONS = [
  [-1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
];

/** How many times `word` can be read in the grid along any of the 8 directions. */
function countOccurrences(grid, word) {
  let count = 0;
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid[r].length; c++) {
      for (const [dr, dc] of DIRECTIONS) {
        let k = 0;
        while (k < word.length && grid[r + dr * k]?.[c + dc * k] === word[k]) k++;
        if (k === word.length) count++;
      }
    }
  }
  // A palindrome reads twice over the same cells.
  return word === [...word].reverse().join('') ? count / 2 : count;
}

function pickWords(random, n) {
  return random.shuffle(POOL).slice(0, n);
}

/** Runs `trials` puzzles of `words` words on a `size`×`size` grid on both sides. */
export async function compareWordsearch({ trials = 300, size = 12, words = 16 } = {}) {
  const { generatePage, createRandom } = await import(dist.href);
  const random = createRandom('wordsearch-bench');
  const lists = Array.from({ length: trials }, () => pickWords(random, words));
  const all = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  const score = () => ({ allPlaced: 0, placed: 0, ambiguous: 0, ms: 0 });
  const ours = score();
  const theirs = score();
  lists.forEach((list, index) => {
    let started = performance.now();
    const page = generatePage({
      kind: 'wordsearch',
      input: { words: list, size, directions: all },
      seed: `t${index}`,
    });
    ours.ms += performance.now() - started;
    const oursGrid = page.doc.grid.map((row) => (typeof row === 'string' ? [...row] : row));
    const oursPlaced = page.doc.placements.map((p) => p.word);
    ours.placed += oursPlaced.length;
    if (oursPlaced.length === list.length) ours.allPlaced++;
    if (oursPlaced.some((word) => countOccurrences(oursGrid, word) !== 1)) ours.ambiguous++;

    started = performance.now();
    const ws = new WordSearch({
      cols: size,
      rows: size,
      dictionary: list,
      maxWords: list.length,
      backwardsProbability: 0.3,
    });
    theirs.ms += performance.now() - started;
    const theirsPlaced = ws.words.map((w) => w.clean);
    theirs.placed += theirsPlaced.length;
    if (theirsPlaced.length === list.length) theirs.allPlaced++;
    if (theirsPlaced.some((word) => countOccurrences(ws.grid, word) !== 1)) theirs.ambiguous++;
  });
  const summary = (s) => ({
    allWordsPlaced: s.allPlaced / trials,
    meanPlaced: s.placed / trials,
    ambiguousKeys: s.ambiguous / trials,
    msPerPuzzle: s.ms / trials,
  });
  return { trials, size, words, ours: summary(ours), blex: summary(theirs) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const trialsArg = process.argv.indexOf('--trials');
  console.log(await compareWordsearch({ trials: trialsArg > 0 ? Number(process.argv[trialsArg + 1]) : 300 }));
}

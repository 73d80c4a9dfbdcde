/** Public-domain quotations for cryptograms made without the caller's text. */
export const CRYPTOGRAM_QUOTES: readonly { text: string; author: string }[] = [
  { text: 'Well done is better than well said.', author: 'Benjamin Franklin' },
  {
    text: 'Early to bed and early to rise makes a man healthy, wealthy, and wise.',
    author: 'Benjamin Franklin',
  },
  { text: 'Brevity is the soul of wit.', author: 'William Shakespeare' },
  {
    text: 'All the world’s a stage, and all the men and women merely players.',
    author: 'William Shakespeare',
  },
  {
    text: 'Some are born great, some achieve greatness, and some have greatness thrust upon them.',
    author: 'William Shakespeare',
  },
  { text: 'The journey of a thousand miles begins with a single step.', author: 'Lao Tzu' },
  { text: 'I think, therefore I am.', author: 'René Descartes' },
  { text: 'The unexamined life is not worth living.', author: 'Socrates' },
  { text: 'Knowledge is power.', author: 'Francis Bacon' },
  { text: 'Hitch your wagon to a star.', author: 'Ralph Waldo Emerson' },
  { text: 'A thing of beauty is a joy for ever.', author: 'John Keats' },
  { text: 'Hope springs eternal in the human breast.', author: 'Alexander Pope' },
  { text: 'To err is human, to forgive divine.', author: 'Alexander Pope' },
  { text: 'A little learning is a dangerous thing.', author: 'Alexander Pope' },
  { text: 'The pen is mightier than the sword.', author: 'Edward Bulwer-Lytton' },
  { text: 'It was the best of times, it was the worst of times.', author: 'Charles Dickens' },
  { text: 'Our life is frittered away by detail. Simplify, simplify.', author: 'Henry David Thoreau' },
  { text: 'Music is the universal language of mankind.', author: 'Henry Wadsworth Longfellow' },
  { text: 'Whatever is worth doing at all is worth doing well.', author: 'Lord Chesterfield' },
  {
    text: 'Tell me what you eat, and I will tell you what you are.',
    author: 'Jean Anthelme Brillat-Savarin',
  },
  { text: 'He who has a why to live can bear almost any how.', author: 'Friedrich Nietzsche' },
  { text: 'Water, water, every where, nor any drop to drink.', author: 'Samuel Taylor Coleridge' },
  {
    text: 'I wandered lonely as a cloud that floats on high o’er vales and hills.',
    author: 'William Wordsworth',
  },
  { text: 'Hope is the thing with feathers that perches in the soul.', author: 'Emily Dickinson' },
  {
    text: 'Four score and seven years ago our fathers brought forth on this continent a new nation.',
    author: 'Abraham Lincoln',
  },
];

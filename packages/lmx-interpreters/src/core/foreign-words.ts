/**
 * Words from other languages a newcomer types, with what to write here instead. An unknown
 * name that is (or is close to) one of them gets this hint rather than a bare "unknown".
 */
export const FOREIGN_WORD_HINTS: Readonly<Record<string, string>> = {
  then: 'no "then" is needed: the block starts right after the condition (if x > 1 print x end)',
  do: 'no "do" is needed: the block starts right after the loop head (for x in xs print x end)',
  elseif: 'write "elif" (or "else if")',
  elsif: 'write "elif" (or "else if")',
  endif: 'write "end"',
  endfor: 'write "end"',
  fi: 'write "end"',
  done: 'write "end"',
  function: 'write "fn name(params) … end", or a lambda "x => x * 2"',
  def: 'write "fn name(params) … end", or a lambda "x => x * 2"',
  lambda: 'write a lambda as "x => x * 2" or "fn (x) x * 2 end"',
  var: 'write "let"',
  const: 'write "let"',
  nil: 'write "null"',
  None: 'write "null"',
  undefined: 'write "null"',
  True: 'write "true"',
  False: 'write "false"',
};

/** Builtin names other languages use, mapped to ours (`length` → `len`). */
export const BUILTIN_ALIASES: Readonly<Record<string, string>> = {
  length: 'len',
  size: 'len',
  count_of: 'len',
  toUpperCase: 'upper',
  toLowerCase: 'lower',
  uppercase: 'upper',
  lowercase: 'lower',
  strip: 'trim',
  append: 'push',
  includes: 'contains',
  startsWith: 'starts_with',
  endsWith: 'ends_with',
  indexOf: 'index_of',
  sorted: 'sort',
  sortBy: 'sort_by',
  toString: 'str',
  string: 'str',
  parseInt: 'int',
  parseFloat: 'num',
  number: 'num',
  print_line: 'print',
  println: 'print',
  echo: 'print',
  puts: 'print',
  console: 'print',
};

/**
 * How names are compared wherever a person types one (an import cell, a search box, an enum label):
 * without case, accents or repeated spaces. One definition, so the console's search, the importer and
 * the API's SQL (which applies the same letter map with translate()) agree on what matches.
 */

/** Accented letters and what they read as. */
export const ACCENTED_LETTERS = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
export const PLAIN_LETTERS = 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny';

const PLAIN_OF = new Map([...ACCENTED_LETTERS].map((letter, index) => [letter, PLAIN_LETTERS[index] ?? letter]));

/** Trimmed, spaces collapsed, without accents, lower case: 'Condomínio ' and 'condominio' are the same. */
export function normalizedKey(text: string): string {
  return [...text.trim().replace(/\s+/g, ' ')]
    .map((letter) => PLAIN_OF.get(letter) ?? letter)
    .join('')
    .toLowerCase();
}

/** The `stopword` package ships no types: its lists are arrays of words, one per language (ISO 639-3). */
declare module "stopword" {
  export const eng: string[];
  export const fra: string[];
  export const deu: string[];
  export const spa: string[];
  export const ita: string[];
  export const por: string[];
  export const nld: string[];
}

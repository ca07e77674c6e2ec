/** The product's name: a brand, written the same in every language (DESIGN §8). */
export const PRODUCT_NAME = 'Triage';

// Webpack loader for a language's catalogue file (src/lib/i18n/catalogues/<locale>/*.json):
// parses each ICU message at build time, so the browser receives syntax trees and the ICU
// parser stays out of the bundle (webpack.config.ts aliases it to its no-parser build). A
// message that does not parse fails the build, naming the file and the message id.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS loader, as webpack loads it
const { parse } = require('@formatjs/icu-messageformat-parser');

module.exports = function icuCatalogueLoader(source) {
  const messages = JSON.parse(source);
  const trees = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      trees[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(trees);
};

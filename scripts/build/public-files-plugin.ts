/**
 * A webpack plugin that emits the files of `public/` as they are, at the same paths (the web app
 * manifest and its icons), except the HTML template html-webpack-plugin builds `index.html` from.
 * The dev server serves `public/` itself; this puts the same files into a production build, early
 * enough for the service worker's precache list to include them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from 'webpack';

export interface PublicFilesOptions {
  /** The directory whose files are emitted. */
  dir: string;
  /** Paths relative to `dir` (`/`-separated) that are not emitted. */
  exclude: string[];
}

/** See the file's comment. */
export class PublicFilesPlugin {
  constructor(private readonly options: PublicFilesOptions) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of this.files()) {
            const absolute = path.join(this.options.dir, file);
            compilation.fileDependencies.add(absolute);
            compilation.emitAsset(file, new sources.RawSource(readFileSync(absolute)));
          }
        },
      );
    });
  }

  /** Every file under the directory, relative and `/`-separated, minus the excluded ones. */
  private files(): string[] {
    return readdirSync(this.options.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(this.options.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter((file) => !this.options.exclude.includes(file));
  }
}

/**
 * Webpack build (DESIGN §5–§6): ts-loader, one chunk per route, content-hashed files, source
 * maps, a dev server with history fallback, gzip budgets that fail the production build.
 * `BACKEND=local|firebase` picks the adapter at build time; the other is not bundled.
 * Production builds also write the offline shell's service worker, `sw.js` (DESIGN §12).
 */
import path from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { transform as formatjsTransform } from '@formatjs/ts-transformer';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import { GenerateSW } from 'workbox-webpack-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { CONFIG_VARIABLES, parseConfig } from './src/config/config-schema';
import { GzipBudgetPlugin } from './scripts/build/gzip-budget-plugin';
import { PrerenderPlugin } from './scripts/build/prerender-plugin';
import { PublicFilesPlugin } from './scripts/build/public-files-plugin';

loadDotenv({ quiet: true });

/** The dev server's port (the README names http://localhost:3000). */
export const DEV_PORT = Number(process.env.PORT ?? 3000);

/**
 * The offline shell (DESIGN §12): `sw.js` precaches the pages and every emitted asset — the
 * chunks, antd's CSS, the web app manifest and its icons — but not source maps, the chunks' license
 * notes or the build report. A navigation is answered from that cache as firebase.json's rewrites
 * answer it: a guest page from its pre-rendered file (Workbox's precache tries `<path>.html`),
 * `/` and every other path without a dot from `index.html` (Hosting's reserved `/__/` paths
 * excepted). Nothing else is routed: requests to Firebase and Google go to the network as if
 * there were no worker. A new worker waits until the page asks it to take over (the "new version"
 * prompt, src/app/service-worker.tsx), then claims every open tab.
 */
const serviceWorker = () =>
  new GenerateSW({
    swDest: 'sw.js',
    inlineWorkboxRuntime: true,
    sourcemap: false,
    cacheId: 'triage',
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    exclude: [/\.map$/, /\.LICENSE\.txt$/, /^build-report\.json$/],
    // Content-hashed files need no revision parameter: their URL changes with their content.
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.(?:js|css)$/,
    // Query strings never pick another file (Hosting ignores them too): `/sign-in?x` is sign-in.html.
    ignoreURLParametersMatching: [/./],
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/[^.?]*(?:\?.*)?$/],
    navigateFallbackDenylist: [/^\/__\//],
    // Room above the largest chunk (the build's report lists them): a file past 1 MiB would be a
    // mistake worth a warning.
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  });

const ADAPTERS = {
  local: path.resolve(__dirname, 'src/backend/local/create-local-backend.ts'),
  firebase: path.resolve(__dirname, 'src/backend/firebase/create-firebase-backend.ts'),
} as const;

export default (
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration & { devServer: DevServerConfiguration } => {
  const production = argv.mode === 'production';
  // Fails the build naming the variable when BACKEND=firebase lacks a value (DESIGN §6).
  const appConfig = parseConfig(process.env);
  const defined = Object.fromEntries(
    CONFIG_VARIABLES.map((name) => [
      `process.env.${name}`,
      JSON.stringify(name === 'BACKEND' ? appConfig.backend : (process.env[name] ?? '')),
    ]),
  );

  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@backend-adapter': ADAPTERS[appConfig.backend],
        '@': path.resolve(__dirname, 'src'),
        // react-router 7's package exports point at its development build only (remix-run/react-router
        // #12532, #14102): dev warnings and checks in production. Use the production build it ships.
        // Every message reaches the browser already parsed (above), so the ICU parser is not shipped.
        '@formatjs/icu-messageformat-parser$': path.resolve(
          __dirname,
          'node_modules/@formatjs/icu-messageformat-parser/no-parser.js',
        ),
        // tslib's package entry wraps its CommonJS file, which cannot be tree-shaken: FormatJS
        // would ship every helper for the few it uses. Its ES module can.
        tslib$: path.resolve(__dirname, 'node_modules/tslib/tslib.es6.mjs'),
        // email-reply-parser tries the native `re2` (a Node addon) and falls back to RegExp: in the
        // browser it gets an empty module, which it takes for "not installed".
        re2: false,
        ...(production && {
          'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
          'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
        }),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are `npm run typecheck`'s job; the build only transpiles. Each message's
          // English (`defaultMessage`) is compiled to its ICU syntax tree here (DESIGN §8).
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              getCustomTransformers: () => ({ before: [formatjsTransform({ ast: true })] }),
            },
          },
        },
        {
          // The other languages' catalogues, compiled the same way.
          test: /\.json$/,
          include: [
            path.resolve(__dirname, 'src/lib/i18n/catalogues'),
            path.resolve(__dirname, 'src/domain/mail/catalogues'),
          ],
          type: 'json',
          use: path.resolve(__dirname, 'scripts/build/icu-catalogue-loader.cjs'),
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(defined),
      // `@ant-design/icons/InboxOutlined` (typed, one icon) is the package's CommonJS build, which
      // brings a second copy of the icon component beside antd's own ES one. Same icon, ES build.
      new webpack.NormalModuleReplacementPlugin(/^@ant-design\/icons\/[A-Z][A-Za-z]+$/, (resource) => {
        resource.request = resource.request.replace('@ant-design/icons/', '@ant-design/icons/es/icons/');
      }),
      new HtmlWebpackPlugin({ template: './public/index.html' }),
      ...(production
        ? [
            // The web app manifest and its icons (the dev server serves public/ itself).
            new PublicFilesPlugin({ dir: path.resolve(__dirname, 'public'), exclude: ['index.html'] }),
            // The guest pages as HTML and the antd styles as a file, before any script runs (DESIGN §12).
            new PrerenderPlugin({
              config: appConfig,
              define: defined,
              firebaseJson: path.resolve(__dirname, 'firebase.json'),
            }),
            new GzipBudgetPlugin({
              initialRoutes: ['sign-in'],
              initialKiB: 300,
              // Each route on top of the signed-in frame. antd Table alone would fill it:
              // the queue draws its own table with antd's tokens instead.
              routeKiB: 100,
              // The signed-in frame: the backend adapter (every signed-in screen waits for it)
              // and the layout. Every route of src/app/routes.tsx with a role is behind it.
              // 121 since the frame shows the desk's name and offers "Sign in someone else in
              // this tab"; 122 since staff say there whether they take round-robin tickets; 123
              // since the invitations came (docs/benchmarks.md).
              frame: {
                groups: ['backend', 'shell'],
                frameKiB: 123,
                routes: [
                  'requests',
                  'new-request',
                  'request',
                  'desk',
                  'ticket',
                  'person',
                  'macros',
                  'admin',
                  'outgoing-mail',
                  'desk-settings',
                  'custom-fields',
                  'automations',
                  'reports',
                  'account',
                ],
              },
              // The Firebase adapter loads the Firestore SDK on first use, not on sign-in. 172: the
              // custom fields' planners (values, required to solve) joined every ticket write; 176:
              // applying a macro loads the tickets', fields' and macros' modules with its planner;
              // 177: the tickets' module reads a member's organisation (who reads a shared ticket).
              lazyAdapter: { dir: path.resolve(__dirname, 'src/backend'), kib: 177 },
            }),
            serviceWorker(),
          ]
        : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: production
      ? {
          hints: 'error',
          maxEntrypointSize: 900 * 1024,
          maxAssetSize: 700 * 1024,
          assetFilter: (file: string) => file.endsWith('.js'),
        }
      : false,
    devServer: {
      port: DEV_PORT,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      client: {
        overlay: { errors: true, warnings: false },
        // The live-reload socket goes to the page's own host and port (`0.0.0.0:0` means "as
        // the page"): a page at localhost whose socket went to 127.0.0.1 was refused as
        // cross-origin ("Invalid Host/Origin header", once a second, forever).
        webSocketURL: 'auto://0.0.0.0:0/ws',
      },
    },
    stats: production ? 'errors-warnings' : 'minimal',
  };
};

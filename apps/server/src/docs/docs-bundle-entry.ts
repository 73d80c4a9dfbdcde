import { buildSiteInto } from './build-site-into.js';
import { BUNDLED_SITE_DIR, readRepoDocsInputs, writeSiteFingerprint } from './docs-bundled-site.js';

// The server package's build step (`tsup && node dist/docs-bundle.js`): builds svc's docs site
// into dist/docs-site with the fingerprint of its inputs, so an instance serves it at start
// instead of building it (about half a minute of CPU each).
const inputs = readRepoDocsInputs();
if (inputs === undefined) {
  process.stdout.write('docs site not bundled: not inside the svc repository\n');
} else {
  const started = Date.now();
  buildSiteInto({ ...inputs, siteDir: BUNDLED_SITE_DIR })
    .then(async ({ pages }) => {
      await writeSiteFingerprint(BUNDLED_SITE_DIR, inputs);
      process.stdout.write(
        `docs site bundled: ${pages} pages in ${BUNDLED_SITE_DIR} (${Date.now() - started} ms)\n`,
      );
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `docs site not bundled: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(1);
    });
}

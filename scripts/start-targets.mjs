// What `npm start` builds: the server it runs and the command line the README then uses
// (`node apps/cli/dist/bin.js …`), each with the workspace packages it depends on.
export const START_BUILD_FILTERS = ['--filter=@svc/server...', '--filter=@svc/cli...'];

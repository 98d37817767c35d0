// Preloaded (--import) into each product process a test starts: when the test's process is gone without stopping it
// (a test worker ended by a signal after a hook timed out), the product is handed to another parent and exits, instead
// of holding a port and a core for the rest of the run.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 1_000).unref();

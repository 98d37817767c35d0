// Preloaded into a product process (NODE_OPTIONS=--import) by a browser journey that needs lessons in the
// past: the product's own rules refuse to schedule them, so the journey runs the product for a moment
// with its clock set back by E2E_CLOCK_OFFSET_MS (negative), schedules and claims through the real API,
// and then restarts it on the same data with the real clock, where those lessons have been held.
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}

// The two diagnostic preloads' hook on pg (count-statements.mjs, trace-commands.mjs): every promise-returning
// Client#query is shown to `observe(client, text, app)` before it is sent; the function that returns, if any, is
// called with the result (nothing on failure) when the query settles.
export function observeQueries(pg, observe) {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string' || typeof callback === 'function' || typeof values === 'function') {
      return original.call(this, config, values, callback);
    }
    const done = observe(this, text, this.connectionParameters?.application_name ?? '?');
    const result = original.call(this, config, values, callback);
    if (done && result && typeof result.then === 'function') result.then(done, () => done());
    return result;
  };
}

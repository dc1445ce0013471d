import { describe, expect, it } from 'vitest';
import { mayOpen, postLoginTarget, routeOfPath } from './route-access.ts';

describe('route access', () => {
  it('finds the screen of a path', () => {
    expect(routeOfPath('/users')).toBe('/users');
    expect(routeOfPath('/users/7')).toBe('/users');
    expect(routeOfPath('/nowhere')).toBeUndefined();
    expect(routeOfPath('/')).toBeUndefined();
  });

  it('follows the permission table', () => {
    expect(mayOpen('manager', '/users')).toBe(true);
    expect(mayOpen('worker', '/users')).toBe(false);
    expect(mayOpen('worker', '/inventory')).toBe(true);
    expect(mayOpen('executive2', '/order-verification')).toBe(true);
    expect(mayOpen('executive1', '/stock-entry')).toBe(false);
    // Everyone moves stock by scanning.
    for (const role of ['manager', 'executive1', 'executive2', 'worker']) expect(mayOpen(role, '/move-stock')).toBe(true);
  });

  it('sends each role home after login without an origin', () => {
    expect(postLoginTarget('manager')).toBe('/dashboard');
    expect(postLoginTarget('executive1')).toBe('/orders');
    expect(postLoginTarget('executive2')).toBe('/stock-entry');
    expect(postLoginTarget('worker')).toBe('/picking');
    expect(postLoginTarget('someone-else')).toBe('/dashboard');
  });

  it('returns to the origin only when the role may open it', () => {
    expect(postLoginTarget('manager', '/users?page=2')).toBe('/users?page=2');
    expect(postLoginTarget('worker', '/users')).toBe('/picking');
    expect(postLoginTarget('worker', '/inventory')).toBe('/inventory');
  });

  it('opens a print view for the roles its permission names, and returns to it after login', () => {
    expect(mayOpen('manager', '/print/labels')).toBe(true);
    expect(mayOpen('executive1', '/print/labels')).toBe(false);
    expect(mayOpen('worker', '/print/orders/7/pick-list')).toBe(true);
    expect(mayOpen('executive1', '/print/orders/7/pick-list')).toBe(true);
    expect(mayOpen('worker', '/print/orders/seven')).toBe(false);
    expect(postLoginTarget('manager', '/print/labels?from=A-1-1&to=A-1-3')).toBe('/print/labels?from=A-1-1&to=A-1-3');
    expect(postLoginTarget('worker', '/print/labels?from=A-1-1&to=A-1-3')).toBe('/picking');
  });
});

import { describe, expect, it } from 'vitest';
import { validateCreate, validatePasswordChange, validateUpdate, type UserFormValues } from './user-form.ts';

const base: UserFormValues = { username: 'picker1', full_name: '', email: '', role: 'worker', password: 'secret1', is_active: true };

describe('user form validation', () => {
  it('accepts a minimal worker', () => {
    expect(validateCreate(base).errors).toEqual({});
  });

  it('uses the spec messages', () => {
    expect(validateCreate({ ...base, username: '  ' }).errors.username).toBe('Username is required');
    expect(validateCreate({ ...base, username: 'ab' }).errors.username).toBe('Username must be at least 3 characters');
    expect(validateCreate({ ...base, email: 'nope' }).errors.email).toBe('Invalid email format');
    expect(validateCreate({ ...base, password: '' }).errors.password).toBe('Password is required');
    expect(validateCreate({ ...base, password: '12345' }).errors.password).toBe('Password must be at least 6 characters');
    expect(validateCreate({ ...base, password: '        ' }).errors.password).toBe('Password is required');
    expect(validateCreate({ ...base, password: '\u200b'.repeat(6) }).errors.password).toBe('Password is required');
    expect(validateCreate({ ...base, password: 'ab\u200b\u200b\u200b\u200b' }).errors.password).toBe('Password must be at least 6 characters');
    expect(validateCreate({ ...base, password: 'x'.repeat(201) }).errors.password).toBe('Password must be at most 200 characters');
    expect(validateCreate({ ...base, password: ' secret ' }).body?.password).toBe(' secret ');
  });

  it('does not check or send a password on edit', () => {
    const result = validateUpdate({ ...base, password: '' }, true);
    expect(result.errors).toEqual({});
    expect(result.body).not.toHaveProperty('password');
  });

  it('checks the password change pair', () => {
    expect(validatePasswordChange('', '')).toEqual({ new_password: 'New password is required' });
    expect(validatePasswordChange('12345', '12345')).toEqual({ new_password: 'Password must be at least 6 characters' });
    expect(validatePasswordChange('123456', '')).toEqual({ confirm_password: 'Please confirm the password' });
    expect(validatePasswordChange('123456', '1234567')).toEqual({ confirm_password: 'Passwords must match' });
    expect(validatePasswordChange('123456', '123456')).toEqual({});
    expect(validatePasswordChange('        ', '        ')).toEqual({ new_password: 'New password is required' });
    expect(validatePasswordChange('\u200b'.repeat(6), '\u200b'.repeat(6))).toEqual({ new_password: 'New password is required' });
    expect(validatePasswordChange('x'.repeat(201), 'x'.repeat(201))).toEqual({ new_password: 'Password must be at most 200 characters' });
  });
});

import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'ghost-danger';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
}

export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', typeof className === 'string' ? className : '']
    .filter(Boolean)
    .join(' ');
  return <AriaButton {...props} className={classes} />;
}

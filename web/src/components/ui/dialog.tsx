import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Alert dialogs (confirmations) are not dismissed by clicking outside. */
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg';
}

/** A modal dialog named by its title. */
export function Dialog({ title, isOpen, onOpenChange, children, role = 'dialog', size = 'md' }: DialogProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      isKeyboardDismissDisabled={false}
    >
      <Modal className={`modal modal-${size}`}>
        <AriaDialog className="dialog" role={role}>
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}

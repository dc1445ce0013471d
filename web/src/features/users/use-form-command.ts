import { useState } from 'react';
import { useCommand, type CommandSpec, type RunCallbacks } from '../../lib/use-command.ts';
import type { FieldErrors } from './user-form.ts';

export interface Refusal {
  /** The server's refusal as errors beside the fields it names. */
  fields: FieldErrors;
  /** True when no field carries it, so the form shows it above the fields. */
  formLevel: boolean;
}

/**
 * A form's command: the server's refusal shows beside the fields it names until the user edits that field, and above
 * the form until the user edits anything.
 */
export function useFormCommand<V, A>(spec: CommandSpec<V, A>, refusalOf: (failure: unknown) => Refusal) {
  const command = useCommand(spec);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const refusal = command.failure ? refusalOf(command.failure) : { fields: {}, formLevel: false };
  const serverErrors = Object.fromEntries(Object.entries(refusal.fields).filter(([field]) => !edited.has(field)));
  return {
    isPending: command.isPending,
    serverErrors,
    formError: refusal.formLevel && edited.size === 0 ? command.error : null,
    noteEdit: (field: string) => setEdited((current) => (current.has(field) ? current : new Set(current).add(field))),
    run: (variables: V, callbacks?: RunCallbacks<V, A>) => {
      setEdited(new Set());
      command.run(variables, callbacks);
    },
  };
}

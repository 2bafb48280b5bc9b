import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';

/** The area's words, as its locale holds them under one key: `t('create', { returnObjects: true, max })`. */
export type CreateDialogTexts = {
  title: string;
  /** A sentence under the title. */
  intro?: string;
  name: string;
  nameHint?: string;
  /** Shown on an empty name. */
  nameRequired: string;
  /** Shown on a name longer than `nameMax`. */
  nameTooLong: string;
  submit: string;
  cancel: string;
};

/** What a list page gives its area's create dialog. */
export type ListCreateDialogProps = {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type CreateDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  texts: CreateDialogTexts;
  nameMax: number;
  /** The name as shown: the area holds it, so a chosen template can fill it until one is typed. */
  name: string;
  onNameChange: (name: string) => void;
  /** Called with the trimmed name once it is valid: the area creates and opens the editor. */
  onCreate: (name: string) => void;
  /** The area's create mutation: busy while it runs; its failure is said under the fields and the dialog stays open. */
  mutation: { isPending: boolean; error: unknown };
  /** What to start from, above the name (a popup's template cards). */
  before?: ReactNode;
  /** More choices below the name (a form's template, a checkout's product, a sentence). */
  children?: ReactNode;
  wide?: boolean;
};

/** «Ny …»: the list pages' create dialog, a name (required, not too long) and the area's own choices. */
export function CreateDialog({
  open,
  onOpenChange,
  texts,
  nameMax,
  name,
  onNameChange,
  onCreate,
  mutation,
  before,
  children,
  wide,
}: CreateDialogProps) {
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setNameError(texts.nameRequired);
    if (trimmed.length > nameMax) return setNameError(texts.nameTooLong);
    setNameError(undefined);
    onCreate(trimmed);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={texts.title} description={texts.intro} wide={wide}>
      <Form onSubmit={submit} aria-label={texts.title}>
        {before}
        <Input
          label={texts.name}
          hint={texts.nameHint}
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
          error={nameError}
          autoComplete="off"
        />
        {children}
        <FormStatus error={mutation.error} />
        <div className={layout.actions}>
          <Button type="submit" loading={mutation.isPending}>
            {texts.submit}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {texts.cancel}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

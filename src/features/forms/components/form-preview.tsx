import { DevicePreview } from '@/components/device-preview';
import type { FormDefinition } from '@/lib/forms/engine';
import type { FormEditorData } from '../api/get-form';
import { previewForm } from '../utils/preview-form';
import { FormView } from './public/form-view';

/**
 * The live preview: the public form itself (FormView in preview: nothing is sent or kept) on the
 * draft being edited, at a phone's or a desktop's width. Editing the questions resets it.
 */
export function FormPreview({ data, definition }: { data: FormEditorData; definition: FormDefinition }) {
  return (
    <DevicePreview>
      <FormView
        key={JSON.stringify(definition)}
        form={previewForm(data)}
        definition={definition}
        preview
        headingLevel={2}
      />
    </DevicePreview>
  );
}

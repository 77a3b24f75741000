import { TASK_BOUNDS, TASK_PRIORITIES, TASK_TYPES, TASK_WRITE_STATUSES, almatyLocalInput, type TaskDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';

/** The values a task form shows: the task, or what was posted when the save failed. */
export interface TaskFormValues {
  title: string;
  description: string;
  type: string;
  priority: string;
  status: string;
  dueDate: string;
  assignedTo: string;
  leadId: string;
  clientId: string;
  dealId: string;
}

/** The form values of a task (due date as an Almaty datetime-local value). */
export function taskFormValues(task: TaskDto | null, fallback: Partial<TaskFormValues> = {}): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    type: task?.type ?? 'other',
    priority: task?.priority ?? 'medium',
    status: task?.status ?? 'pending',
    dueDate: task?.dueDate ? almatyLocalInput(task.dueDate) : '',
    assignedTo: task?.assignee?.id ?? '',
    leadId: task?.leadId ?? '',
    clientId: task?.clientId ?? '',
    dealId: task?.dealId ?? '',
    ...fallback,
  };
}

/**
 * The fields of the task form (issue 22 "Tasks"; TaskWriteDto): title, description, type,
 * priority, status (edit only), due date and time (Almaty), assignee (supervisors choose, an
 * employee's tasks are theirs), the linked lead / client / deal kept as hidden fields.
 */
export function TaskFields({
  values,
  errors,
  staff,
  editing,
}: {
  values: TaskFormValues;
  errors: Record<string, string>;
  /** Active staff to assign to; empty for an employee (assigns to themselves). */
  staff: Array<{ id: string; name: string }>;
  editing: boolean;
}) {
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  return (
    <>
      <TextField
        name="title"
        label={t('tasks.fields.title')}
        defaultValue={values.title}
        maxLength={TASK_BOUNDS.title[1]}
        required
        error={errors.title}
      />
      <TextAreaField
        name="description"
        label={t('tasks.fields.description')}
        defaultValue={values.description}
        maxLength={TASK_BOUNDS.descriptionMax}
        error={errors.description}
      />
      <div className="schedule-row">
        <SelectField
          name="type"
          label={t('tasks.fields.type')}
          defaultValue={values.type}
          options={TASK_TYPES.map((v) => ({ value: v, label: tc(`taskType.${v}`) }))}
          error={errors.type}
        />
        <SelectField
          name="priority"
          label={t('tasks.fields.priority')}
          defaultValue={values.priority}
          options={TASK_PRIORITIES.map((v) => ({ value: v, label: tc(`taskPriority.${v}`) }))}
          error={errors.priority}
        />
        {editing ? (
          <SelectField
            name="status"
            label={t('tasks.fields.status')}
            defaultValue={values.status}
            options={TASK_WRITE_STATUSES.map((v) => ({ value: v, label: tc(`taskStatus.${v}`) }))}
            error={errors.status}
          />
        ) : null}
      </div>
      <div className="schedule-row">
        <TextField
          name="dueDate"
          type="datetime-local"
          label={t('tasks.fields.dueDate')}
          defaultValue={values.dueDate}
          error={errors.dueDate}
        />
        {staff.length ? (
          <SelectField
            name="assignedTo"
            label={t('tasks.fields.assignedTo')}
            defaultValue={values.assignedTo}
            options={staff.map((s) => ({ value: s.id, label: s.name }))}
            error={errors.assignedTo}
          />
        ) : null}
      </div>
      {(['leadId', 'clientId', 'dealId'] as const).map((k) =>
        values[k] ? <input key={k} type="hidden" name={k} value={values[k]} /> : null,
      )}
      {errors.leadId || errors.clientId || errors.dealId ? (
        <p className="field-error" role="alert">
          {errors.leadId || errors.clientId || errors.dealId}
        </p>
      ) : null}
    </>
  );
}

/** The form fields a task post carries (formInput kinds). */
export const TASK_FORM_FIELDS = {
  title: 'text',
  description: 'optionalText',
  type: 'optionalText',
  priority: 'optionalText',
  status: 'optionalText',
  dueDate: 'optionalText',
  assignedTo: 'optionalText',
  leadId: 'optionalText',
  clientId: 'optionalText',
  dealId: 'optionalText',
} as const;

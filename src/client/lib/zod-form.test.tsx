import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorAt, showServerErrors, useZodForm } from './zod-form.ts';

const TripSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.'),
  seats: z.coerce.number({ error: 'Seats must be a number' }).int().min(1, 'Seats must be at least 1'),
  stops: z.array(z.object({ place: z.string().min(1, 'Name the place') })),
});
type TripForm = UseFormReturn<z.input<typeof TripSchema>, unknown, z.output<typeof TripSchema>>;

/** The form a screen would hold, made by drawing a component once (no DOM is needed to use it). */
function tripForm(values: z.input<typeof TripSchema>): TripForm {
  let form: TripForm | undefined;
  function Probe() {
    form = useZodForm(TripSchema, { defaultValues: values });
    return null;
  }
  renderToString(<Probe />);
  return form!;
}

/** What the form holds as errors once a submit was refused. */
async function refusal(form: TripForm) {
  let errors: FieldErrors | undefined;
  await form.handleSubmit(
    () => {},
    (found) => (errors = found),
  )();
  return { formState: { errors } } as unknown as TripForm;
}

describe('useZodForm', () => {
  it('refuses a submit with the schema’s messages, nested fields included', async () => {
    const refused = await refusal(tripForm({ title: ' ', seats: '0', stops: [{ place: 'Zoo' }, { place: '' }] }));
    expect(errorAt(refused, 'title')).toBe('Title is required.');
    expect(errorAt(refused, 'seats')).toBe('Seats must be at least 1');
    expect(errorAt(refused, 'stops.1.place')).toBe('Name the place');
    expect(errorAt(refused, 'stops.0.place')).toBeUndefined();
  });

  it('submits what the schema made of the fields', async () => {
    let submitted: unknown;
    await tripForm({ title: ' Zoo trip ', seats: '12', stops: [] }).handleSubmit((trip) => {
      submitted = trip;
    })();
    expect(submitted).toEqual({ title: 'Zoo trip', seats: 12, stops: [] });
  });
});

describe('showServerErrors', () => {
  const messageOf = (form: TripForm, name: 'title' | 'seats' | 'stops.0.place') => form.getFieldState(name).error?.message;

  it('puts the fields the server named on the form, and returns nothing more to say', () => {
    const form = tripForm({ title: 'Zoo', seats: 3, stops: [{ place: 'Gate' }] });
    const error = new ApiError(400, 'title: Taken', { title: 'A trip has this title', 'stops.0.place': 'Closed that day' });
    expect(showServerErrors(form, error)).toBeNull();
    expect(messageOf(form, 'title')).toBe('A trip has this title');
    expect(messageOf(form, 'stops.0.place')).toBe('Closed that day');
  });

  it('returns the message for what no field shows', () => {
    const form = tripForm({ title: 'Zoo', seats: 3, stops: [] });
    expect(showServerErrors(form, new ApiError(409, 'The bus is booked'))).toBe('The bus is booked');
    expect(showServerErrors(form, new ApiError(400, 'driver: Unknown', { driver: 'Unknown driver' }))).toBe('driver: Unknown');
    expect(showServerErrors(form, new Error('Network error'))).toBe('Network error');
    expect(messageOf(form, 'title')).toBeUndefined();
  });

  it('puts that message on the field it is told to, for a form of one field', () => {
    const form = tripForm({ title: 'Zoo', seats: 3, stops: [] });
    expect(showServerErrors(form, new ApiError(409, 'The bus is booked'), 'seats')).toBeNull();
    expect(messageOf(form, 'seats')).toBe('The bus is booked');
  });
});

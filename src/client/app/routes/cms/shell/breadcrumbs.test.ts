import { describe, expect, it } from 'vitest';
import { crumbsFor } from './breadcrumbs.tsx';

const labels = (path: string) => crumbsFor(path).map((c) => c.label);

describe('back-office breadcrumbs', () => {
  it('names the dashboard and each screen on the way', () => {
    expect(labels('/cms')).toEqual(['Dashboard', 'Overview']);
    expect(labels('/cms/gallery')).toEqual(['Dashboard', 'Gallery']);
    expect(labels('/cms/events')).toEqual(['Dashboard', 'Events']);
    expect(labels('/cms/events/new')).toEqual(['Dashboard', 'Events', 'Create New Event']);
    expect(labels('/cms/events/edit/12')).toEqual(['Dashboard', 'Events', 'Edit Event']);
    expect(labels('/cms/events/12')).toEqual(['Dashboard', 'Events', 'Event details']);
    expect(labels('/cms/category/')).toEqual(['Dashboard', 'Category']);
    expect(crumbsFor('/cms/events/edit/12').map((c) => c.href)).toEqual(['/cms', '/cms/events', '/cms/events/edit/12']);
  });
});

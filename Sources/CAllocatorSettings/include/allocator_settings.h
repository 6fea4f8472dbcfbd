#ifndef BLOGPAGER_ALLOCATOR_SETTINGS_H
#define BLOGPAGER_ALLOCATOR_SETTINGS_H

/* The allocator's settings live in this target's object; calling this keeps it linked. */
int blogpager_allocator_settings_linked(void);

#endif

/* audit.c */
#include "tournament/tournament.h"

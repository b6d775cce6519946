/* records.c */
#include "tournament/tournament.h"

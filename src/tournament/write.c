/* write.c */
#include "tournament/tournament.h"

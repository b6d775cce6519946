/* rank.c */
#include "tournament/tournament.h"

/* validate.h - the validator as a visitor, for readers other than RGN's
 * (read_xml.c). Private. */
#ifndef RGN_VALIDATE_H
#define RGN_VALIDATE_H

#include "rgn.h"

/* The visitor whose user is an rgn_validator. */
const rgn_visitor *rgn_validator_visitor(void);

#endif

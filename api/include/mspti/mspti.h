/*
 * aclsim: MSPTI, Ascend's activity and callback profiling interface
 * (libmspti.so). docs/mspti.md describes aclsim's implementation.
 */
#ifndef MSPTI_H
#define MSPTI_H

#include "mspti_activity.h"
#include "mspti_callback.h"
#include "mspti_cbid.h"
#include "mspti_result.h"

#endif /* MSPTI_H */

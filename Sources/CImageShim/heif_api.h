#ifndef IMAGE_SHIM_HEIF_API_H
#define IMAGE_SHIM_HEIF_API_H

/*
 * libheif's entry points, opened on first use (library_loader.h): include this instead of
 * the library's header; every call below goes through the table under the function's own name.
 */

#include <libheif/heif.h>
#include <stddef.h>

#include "library_loader.h"

#define PF_HEIF_SYMBOLS(X) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_max_decoding_threads) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_chroma_bits_per_pixel) \
    X(heif_image_handle_get_color_profile_type) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_list_of_metadata_block_IDs) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_metadata) \
    X(heif_image_handle_get_metadata_size) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_nclx_color_profile_free) \
    X(heif_get_version) \
    X(heif_image_handle_get_number_of_metadata_blocks) \
    X(heif_image_handle_get_number_of_thumbnails) \

/* The table (filled by pf_heif_api_load, read-only after) and its loader: 1 when every entry
 * point is there, else 0 with the reason. */
PF_LIBRARY_API_DECLARE(heif, PF_HEIF_SYMBOLS)

#ifndef PF_HEIF_API_IMPLEMENTATION
#define heif_context_alloc (pf_heif_api.heif_context_alloc)
#define heif_context_free (pf_heif_api.heif_context_free)
#define heif_context_get_primary_image_handle (pf_heif_api.heif_context_get_primary_image_handle)
#define heif_context_read_from_memory_without_copy (pf_heif_api.heif_context_read_from_memory_without_copy)
#define heif_context_set_max_decoding_threads (pf_heif_api.heif_context_set_max_decoding_threads)
#define heif_context_set_maximum_image_size_limit (pf_heif_api.heif_context_set_maximum_image_size_limit)
#define heif_decode_image (pf_heif_api.heif_decode_image)
#define heif_decoding_options_alloc (pf_heif_api.heif_decoding_options_alloc)
#define heif_decoding_options_free (pf_heif_api.heif_decoding_options_free)
#define heif_image_get_bits_per_pixel_range (pf_heif_api.heif_image_get_bits_per_pixel_range)
#define heif_image_get_height (pf_heif_api.heif_image_get_height)
#define heif_image_get_plane_readonly (pf_heif_api.heif_image_get_plane_readonly)
#define heif_image_get_width (pf_heif_api.heif_image_get_width)
#define heif_image_handle_get_chroma_bits_per_pixel (pf_heif_api.heif_image_handle_get_chroma_bits_per_pixel)
#define heif_image_handle_get_color_profile_type (pf_heif_api.heif_image_handle_get_color_profile_type)
#define heif_image_handle_get_height (pf_heif_api.heif_image_handle_get_height)
#define heif_image_handle_get_list_of_metadata_block_IDs (pf_heif_api.heif_image_handle_get_list_of_metadata_block_IDs)
#define heif_image_handle_get_list_of_thumbnail_IDs (pf_heif_api.heif_image_handle_get_list_of_thumbnail_IDs)
#define heif_image_handle_get_luma_bits_per_pixel (pf_heif_api.heif_image_handle_get_luma_bits_per_pixel)
#define heif_image_handle_get_metadata (pf_heif_api.heif_image_handle_get_metadata)
#define heif_image_handle_get_metadata_size (pf_heif_api.heif_image_handle_get_metadata_size)
#define heif_image_handle_get_nclx_color_profile (pf_heif_api.heif_image_handle_get_nclx_color_profile)
#define heif_image_handle_get_raw_color_profile (pf_heif_api.heif_image_handle_get_raw_color_profile)
#define heif_image_handle_get_raw_color_profile_size (pf_heif_api.heif_image_handle_get_raw_color_profile_size)
#define heif_image_handle_get_thumbnail (pf_heif_api.heif_image_handle_get_thumbnail)
#define heif_image_handle_get_width (pf_heif_api.heif_image_handle_get_width)
#define heif_image_handle_has_alpha_channel (pf_heif_api.heif_image_handle_has_alpha_channel)
#define heif_image_handle_release (pf_heif_api.heif_image_handle_release)
#define heif_image_release (pf_heif_api.heif_image_release)
#define heif_nclx_color_profile_free (pf_heif_api.heif_nclx_color_profile_free)
#define heif_get_version (pf_heif_api.heif_get_version)
#define heif_image_handle_get_number_of_metadata_blocks (pf_heif_api.heif_image_handle_get_number_of_metadata_blocks)
#define heif_image_handle_get_number_of_thumbnails (pf_heif_api.heif_image_handle_get_number_of_thumbnails)
#endif

#endif
